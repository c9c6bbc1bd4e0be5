#include "UrlOrigin.h"

#include "AsciiText.h"

namespace ipfacts::rdap {

std::string UrlOrigin::text() const { return scheme + "://" + host + ":" + std::to_string(port); }

std::optional<UrlOrigin> originOf(const std::string& url) {
    const size_t sep = url.find("://");
    if (sep == std::string::npos) return std::nullopt;
    UrlOrigin o;
    o.scheme = lowerText(url.substr(0, sep));
    if (o.scheme == "https")
        o.defaultPort = 443;
    else if (o.scheme == "http")
        o.defaultPort = 80;
    else
        return std::nullopt;
    const size_t start = sep + 3;
    std::string authority = url.substr(start, url.find_first_of("/?#", start) - start);
    if (const size_t at = authority.rfind('@'); at != std::string::npos) authority.erase(0, at + 1);
    // An IPv6 literal holds colons of its own: the port comes after its closing bracket.
    const size_t hostEnd = authority.rfind(']');
    const size_t colon = authority.find(':', hostEnd == std::string::npos ? 0 : hostEnd);
    o.host = lowerText(authority.substr(0, colon));
    if (o.host.empty()) return std::nullopt;
    o.port = o.defaultPort;
    if (colon != std::string::npos) {
        const std::string port = authority.substr(colon + 1);
        if (port.empty()) return o;  // "host:" is the default port (RFC 3986 section 3.2.3)
        if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
        o.port = std::stoi(port);
        if (o.port < 1 || o.port > 65535) return std::nullopt;
    }
    return o;
}

}  // namespace ipfacts::rdap
