// LookupReport: everything the /api/v1/lookup/{target} body says (openapi.json),
// as plain values, so the writer needs neither a host nor a request.
#ifndef IPFACTS_PLUGINS_LOOKUP_LOOKUPREPORT_H
#define IPFACTS_PLUGINS_LOOKUP_LOOKUPREPORT_H

#include <ipfacts/plugin.hpp>
#include <ipfacts/reasons.hpp>
#include <ipfacts/stamp.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::lookup {

struct LookupReport {
    std::string ip;  ///< the address reported: the target, or the first resolved address
    int version = 4;
    std::optional<std::string> hostname;  ///< the target's A-label form; null for an address target
    /// What the address database says, classification included; nullopt
    /// when there is no database answer (every fact and classification null).
    std::optional<NetFacts> facts;
    std::vector<std::string> addresses;  ///< every resolved address (the target alone for a literal)
    /// Only with privacy=1 and a privacy facility; unknown flags are in reasons ("privacy.vpn").
    std::optional<PrivacyFacts> privacy;
    /// Why fields are null or incomplete. kGeolocationReason covers city,
    /// country, country_name and geo_accuracy; kNetworkReason covers isp,
    /// asn, as_name, as_domain, rir and connection_type.
    Reasons reasons;
    ResponseStamp stamp;  ///< checked_at and source
};

}  // namespace ipfacts::lookup

#endif
