#include "PublicSuffixList.h"

#include <libpsl.h>

#include <stdexcept>

namespace ipfacts::mail {

PublicSuffixList::PublicSuffixList(const std::string& file) {
    if (file.empty()) {
        psl_ = const_cast<psl_ctx_t*>(psl_latest(nullptr));
        owned_ = psl_ != psl_builtin();
        if (!psl_) psl_ = const_cast<psl_ctx_t*>(psl_builtin()), owned_ = false;
    } else {
        psl_ = psl_load_file(file.c_str());
        owned_ = true;
    }
    if (!psl_) throw std::runtime_error("cannot load the public suffix list" + (file.empty() ? "" : " " + file));
}

PublicSuffixList::~PublicSuffixList() {
    if (owned_) psl_free(psl_);
}

std::optional<std::string> PublicSuffixList::organizationalDomain(std::string_view name) const {
    const std::string n(name);
    const char* registrable = psl_registrable_domain(psl_, n.c_str());
    if (!registrable) return std::nullopt;
    return std::string(registrable);
}

}  // namespace ipfacts::mail
