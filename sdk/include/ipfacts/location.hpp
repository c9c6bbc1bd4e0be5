// ipfacts/location.hpp — the netdb facility's location rule, as words. The
// host decides, per address, whether it is locatable and why not, and always
// sets geo_accuracy (ABI 1.4: ipf_netdb_facts.locatable, .not_locatable_reason);
// a plugin only chooses how to word the reason for its readers.
// Header-only, C++17.
#ifndef IPFACTS_LOCATION_HPP
#define IPFACTS_LOCATION_HPP

#include <ipfacts/views.hpp>

#include <string>
#include <string_view>

namespace ipfacts {

/// geo_accuracy, SPEC 2.1's only two values: a city or region is known...
inline constexpr std::string_view kApproximateAccuracy = "approximate";
/// ...or nothing finer than a country is, including nothing at all.
inline constexpr std::string_view kCountryOnlyAccuracy = "country-only";

/// not_locatable_reason of public or anycast space that no location database
/// holds. Every other reason is the kind of the special-purpose block the
/// address is in ("private", "loopback", "documentation", "reserved", ...);
/// there the host looks up neither location nor network owner (SPEC 2.2).
inline constexpr std::string_view kNotInDatabase = "not in database";

/// True when `reason` (a not_locatable_reason) names special-purpose space.
inline bool isSpecialPurposeReason(std::string_view reason) {
    return !reason.empty() && reason != kNotInDatabase;
}

/// The facts a host older than ABI 1.4 gave, completed as a 1.4 host gives
/// them. Such a host applied the same rule without saying so: it looked up
/// only public and anycast space and set geo_accuracy exactly when it knew a
/// country or finer. Host::netFacts() calls this; plugins need not.
inline NetFacts withLocationRule(NetFacts f) {
    const bool looked_up = f.kind.empty() || f.kind == "public" || f.kind == "anycast";
    f.locatable = looked_up && f.geo_accuracy.has_value();
    if (!f.locatable) f.not_locatable_reason = looked_up ? std::string(kNotInDatabase) : f.kind;
    if (!f.geo_accuracy) f.geo_accuracy = std::string(kCountryOnlyAccuracy);
    return f;
}

}  // namespace ipfacts

#endif
