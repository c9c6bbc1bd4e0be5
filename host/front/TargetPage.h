// TargetPage: the HTML page a browser gets at `/8.8.8.8`, `/2001:db8::1` or
// `/example.com`: the lookup form holding the target, the target's facts from
// its LookupResponse (classification, location, network owner, the addresses
// a name resolved to, why a fact is unknown, in the front page's layout:
// PageParts) and links to the target's other answers (DNS, registration,
// blocklist, TLS, mail) on the paths this deployment routes. Sent with
// pagePolicy() (PageParts.h).
#pragma once

#include <set>
#include <string>

namespace ipfacts::front {

struct TargetPageInput {
    const std::string* lookup_json = nullptr;       ///< the LookupResponse body, compact
    std::string target;                             ///< as the path named it, decoded
    const std::set<std::string>* routed = nullptr;  ///< the path templates served ("/api/v1/dns")
    std::string service_host;                       ///< the title's name
};

/// The page. A response that does not parse gives the page with the form alone.
std::string targetPage(const TargetPageInput& in);

/// The page for a target the lookup could not answer (a name that does not
/// exist, a resolver that failed): the form and `message`, the error's words.
std::string targetErrorPage(const std::string& target, const std::string& message, const std::string& service_host);

}  // namespace ipfacts::front
