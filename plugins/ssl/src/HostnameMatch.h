// HostnameMatch: does a certificate name the host it was fetched for, by
// the rules of RFC 6125 section 6 as browsers apply them.
#ifndef IPFACTS_PLUGINS_SSL_HOSTNAMEMATCH_H
#define IPFACTS_PLUGINS_SSL_HOSTNAMEMATCH_H

#include "PublicSuffixes.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::ssl {

struct HostnameMatch {
    bool matched = false;
    std::optional<std::string> matchedName;  ///< the presented name that matched, as written
    std::vector<std::string> checkedNames;   ///< the presented names compared, in certificate order
    bool usedCommonName = false;             ///< there were no DNS SANs, so the subject CN was compared
};

/// True when `presented` (a name from the certificate) matches `host` (an
/// A-label, lower case, no trailing dot): equal ignoring ASCII case and one
/// trailing dot; or a wildcard "*.rest" where "*" is the whole left-most
/// label, it stands for exactly one non-empty label of `host` (never across
/// a dot), and `rest` has at least two labels and is not a public suffix
/// (`*.com`, `*.co.uk` never match). Partial wildcards ("w*.example.com"),
/// wildcards elsewhere, and names that are not LDH host names never match.
/// Thread-safe.
bool matchesPresentedName(std::string_view host, std::string_view presented, const PublicSuffixes& suffixes);

/// Compares `host` with the DNS SANs; only when there are none, with the
/// subject's common name (`usedCommonName`). IP SANs play no part: the
/// host is a name. Thread-safe.
HostnameMatch matchHostname(std::string_view host, const std::vector<std::string>& dnsSans,
                            const std::optional<std::string>& commonName, const PublicSuffixes& suffixes);

}  // namespace ipfacts::ssl

#endif
