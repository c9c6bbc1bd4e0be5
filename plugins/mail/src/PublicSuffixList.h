// PublicSuffixList: the Public Suffix List through Debian's libpsl (the
// newest of libpsl's built-in list and the system's
// /usr/share/publicsuffix file, or a file the manifest names). Loaded once
// at init; immutable after, so thread-safe.
#ifndef IPFACTS_PLUGINS_MAIL_PUBLICSUFFIXLIST_H
#define IPFACTS_PLUGINS_MAIL_PUBLICSUFFIXLIST_H

#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct psl_ctx_st;

namespace ipfacts::mail {

class PublicSuffixList {
public:
    /// `file` empty: libpsl's newest list (psl_latest). Throws
    /// std::runtime_error when the list cannot be loaded.
    explicit PublicSuffixList(const std::string& file = "");
    ~PublicSuffixList();
    PublicSuffixList(const PublicSuffixList&) = delete;
    PublicSuffixList& operator=(const PublicSuffixList&) = delete;

    /// RFC 7489 3.2: the organizational domain of `name` (A-label, lower
    /// case): its public suffix plus one label; nullopt when `name` is
    /// itself a public suffix.
    std::optional<std::string> organizationalDomain(std::string_view name) const;

private:
    psl_ctx_st* psl_ = nullptr;
    bool owned_ = false;
};

}  // namespace ipfacts::mail

#endif
