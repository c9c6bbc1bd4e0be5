#include "host/pipeline/TargetName.h"

#include "host/net/IpAddress.h"

#include <libpsl.h>

#include <cctype>
#include <string>

namespace ipfacts::pipeline {
namespace {

constexpr size_t kMaxNameBytes = 253;
constexpr size_t kMaxLabelBytes = 63;

bool labelByte(unsigned char c) { return std::isalnum(c) || c == '-' || c >= 0x80; }

/// The newest of libpsl's built-in list and the system's file; loaded once.
const psl_ctx_t* suffixList() {
    static const psl_ctx_t* list = psl_latest(nullptr);
    return list ? list : psl_builtin();
}

/// A top-level domain the list names itself: its default rule ("*", any
/// label is a suffix) does not count, or every file extension would pass.
bool listedTopLevelDomain(std::string label) {
    for (char& c : label) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const psl_ctx_t* list = suffixList();
    return list && psl_is_public_suffix2(list, label.c_str(), PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE) != 0;
}

}  // namespace

bool isPublicHostName(std::string_view name) {
    if (!name.empty() && name.back() == '.') name.remove_suffix(1);
    if (name.empty() || name.size() > kMaxNameBytes) return false;
    size_t labels = 0;
    std::string_view last;
    while (!name.empty()) {
        const size_t dot = name.find('.');
        const std::string_view label = name.substr(0, dot);
        if (label.empty() || label.size() > kMaxLabelBytes || label.front() == '-' || label.back() == '-') return false;
        for (unsigned char c : label)
            if (!labelByte(c)) return false;
        ++labels;
        last = label;
        name = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
        if (dot != std::string_view::npos && name.empty()) return false;  // "a..b" and "a.b.." end here
    }
    return labels >= 2 && listedTopLevelDomain(std::string(last));
}

bool isLookupTarget(std::string_view segment) {
    // The lookup takes an address bare: no brackets, no zone index.
    if (segment.find_first_of("[]%") != std::string_view::npos) return false;
    return net::IpAddress::parse(segment).has_value() || isPublicHostName(segment);
}

}  // namespace ipfacts::pipeline
