// ipfacts/netdb_wanted.hpp — what a look-up of some groups of address facts
// holds (ABI 1.6, ipf_netdb_api.lookup_wanted, IPF_NETDB_WANT_* bits): the
// full facts with every group not wanted read as unknown. One statement of the
// rule: the test fake (FakeHost) answers by it, and the host's NetDb is tested
// against it. Header-only, C++17.
#ifndef IPFACTS_NETDB_WANTED_HPP
#define IPFACTS_NETDB_WANTED_HPP

#include <ipfacts/plugin.h>
#include <ipfacts/location.hpp>
#include <ipfacts/views.hpp>

#include <cstdint>
#include <optional>

namespace ipfacts {

/// `wanted` as the host reads it: only the defined bits, and the local time
/// brings the location it is computed from.
constexpr uint32_t netdbWanted(uint32_t wanted) {
    wanted &= IPF_NETDB_WANT_ALL;
    if (wanted & IPF_NETDB_WANT_LOCAL_TIME) wanted |= IPF_NETDB_WANT_LOCATION;
    return wanted;
}

/// The facts a look-up of `wanted` gives, from the facts of a full look-up.
/// Classification (version, routable, address, kind, rfc, description) stays;
/// so does the special-purpose answer (not locatable, the block's kind as the
/// reason), which needs no look-up.
inline NetFacts onlyWanted(NetFacts f, uint32_t wanted) {
    wanted = netdbWanted(wanted);
    const NetFacts unknown;
    if (!(wanted & IPF_NETDB_WANT_LOCATION)) {
        for (auto* s : {&f.city, &f.region, &f.region_code, &f.country, &f.country_name, &f.continent, &f.postal,
                        &f.timezone, &f.geo_accuracy})
            *s = std::nullopt;
        f.latitude = f.longitude = std::nullopt;
        const bool special = f.not_locatable_reason && isSpecialPurposeReason(*f.not_locatable_reason);
        if (!special) f.locatable = false, f.not_locatable_reason = std::nullopt;
    }
    if (!(wanted & IPF_NETDB_WANT_LOCAL_TIME)) f.local_time = std::nullopt;
    if (!(wanted & IPF_NETDB_WANT_NETWORK)) {
        f.asn = std::nullopt;
        f.as_name = f.as_domain = f.isp = std::nullopt;
        f.connection_type = unknown.connection_type;
    }
    if (!(wanted & IPF_NETDB_WANT_RIR)) f.rir = unknown.rir;
    return f;
}

}  // namespace ipfacts

#endif
