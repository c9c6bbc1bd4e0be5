// UrlOrigin: where a URL leads — its scheme, host and port, the port made
// explicit when the URL leaves it to the scheme (https 443, http 80). What a
// registry's redirect or registrar link is judged by before it is followed.
#ifndef IPFACTS_PLUGINS_RDAP_URLORIGIN_H
#define IPFACTS_PLUGINS_RDAP_URLORIGIN_H

#include <optional>
#include <string>

namespace ipfacts::rdap {

struct UrlOrigin {
    std::string scheme;  ///< "https" or "http", lower case
    std::string host;    ///< lower case; an IPv6 literal keeps its brackets
    int port = 0;
    int defaultPort = 0;  ///< the scheme's own port

    bool onDefaultPort() const { return port == defaultPort; }
    /// "https://rdap.example:443": one text per origin, whether or not the URL wrote the port.
    std::string text() const;
};

/// The origin of an http or https URL; nothing for another scheme or a
/// malformed authority (no host, a port that is not 1-65535).
std::optional<UrlOrigin> originOf(const std::string& url);

}  // namespace ipfacts::rdap

#endif
