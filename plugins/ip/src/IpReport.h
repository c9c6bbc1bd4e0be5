// IpReport: everything the /json and /api/v1/ip body says (openapi.json), as
// plain values, so the writer needs neither a host nor a request.
#ifndef IPFACTS_PLUGINS_IP_IPREPORT_H
#define IPFACTS_PLUGINS_IP_IPREPORT_H

#include <ipfacts/plugin.hpp>
#include <ipfacts/reasons.hpp>
#include <ipfacts/stamp.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace ipfacts::ip {

/// The `network` object: facts about the connection this request came on.
struct ConnectionFacts {
    std::string protocol;  ///< "HTTP/1.1"
    std::string tls;       ///< "TLSv1.3" or "none"
    int64_t rttUs = -1;    ///< TCP_INFO smoothed RTT of the client socket; -1 unknown
    std::string edge;      ///< edge location code from the manifest
};

struct IpReport {
    std::string ip;
    int version = 4;
    std::optional<std::string> hostname;  ///< only with full=1 and a PTR record
    /// Only with full=1 and a privacy facility; its unknown flags are in reasons ("privacy.vpn").
    std::optional<PrivacyFacts> privacy;
    /// Address facts, read where the host put them; a default one means
    /// nothing is known (every optional empty, rir UNKNOWN, connection_type unknown).
    Held<NetFactsView> facts;
    ConnectionFacts network;
    std::optional<std::string> userAgent;
    std::optional<std::string> acceptsLanguage;
    /// Why fields are null. kGeolocationReason covers city .. local_time,
    /// kNetworkReason isp .. as_domain, rir and connection_type (not the
    /// `network` object, which is always known).
    Reasons reasons;
    ResponseStamp stamp;  ///< checked_at and source
};

}  // namespace ipfacts::ip

#endif
