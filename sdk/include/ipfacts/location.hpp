// ipfacts/location.hpp — the netdb facility's location rule, as words. The
// host decides, per address, whether it is locatable and why not, and always
// sets geo_accuracy (ABI 1.4: ipf_netdb_facts.locatable, .not_locatable_reason);
// a plugin only chooses how to word the reason for its readers.
// Header-only, C++17.
#ifndef IPFACTS_LOCATION_HPP
#define IPFACTS_LOCATION_HPP

#include <ipfacts/reasons.hpp>
#include <ipfacts/views.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts {

/// geo_accuracy, one of only two values: a city or region is known...
inline constexpr std::string_view kApproximateAccuracy = "approximate";
/// ...or nothing finer than a country is, including nothing at all.
inline constexpr std::string_view kCountryOnlyAccuracy = "country-only";

/// not_locatable_reason of public or anycast space that no location database
/// holds. Every other reason is the kind of the special-purpose block the
/// address is in ("private", "loopback", "documentation", "reserved", ...);
/// there the host looks up neither location nor network owner.
inline constexpr std::string_view kNotInDatabase = "not in database";

/// True when `reason` (a not_locatable_reason) names special-purpose space.
inline bool isSpecialPurposeReason(std::string_view reason) { return !reason.empty() && reason != kNotInDatabase; }

/// Why netdb withheld a group of fields of special-purpose space, the one
/// wording of every endpoint (/json, /api/v1/lookup, /country and the other
/// per-field paths): "private address (RFC 1918): no geolocation",
/// "reserved address: no network owner". `kind` is the not_locatable_reason.
inline std::string specialPurposeReason(std::string_view kind, std::optional<std::string_view> rfc,
                                        bool network_owner) {
    std::string out(kind);
    out += " address";
    if (rfc) out.append(" (").append(*rfc).append(")");
    out += network_owner ? ": no network owner" : ": no geolocation";
    return out;
}

/// Why a public address no database holds has no value in a group: the same
/// words as the per-field paths' X-Null-Reason ("the address database has no
/// country for this address"), with the group named ("location", "network owner").
inline std::string notInDatabaseReason(std::string_view what) {
    std::string out("the address database has no ");
    out.append(what).append(" for this address");
    return out;
}

/// Adds reasons.geolocation and reasons.network for an address netdb did not
/// locate: special-purpose space by its block, public space no database holds
/// by that (reasons.network only when no network owner is known either, since
/// the AS tables may hold what the location file lacks). Nothing for a
/// locatable address, so the path of a placeable caller allocates nothing here.
inline void addNotLocatableReasons(Reasons& reasons, bool locatable, std::optional<std::string_view> why,
                                   std::optional<std::string_view> rfc, bool has_network_owner) {
    if (locatable || !why) return;
    if (isSpecialPurposeReason(*why)) {
        reasons.add(kGeolocationReason, specialPurposeReason(*why, rfc, false));
        reasons.add(kNetworkReason, specialPurposeReason(*why, rfc, true));
        return;
    }
    if (*why != kNotInDatabase) return;
    reasons.add(kGeolocationReason, notInDatabaseReason("location"));
    if (!has_network_owner) reasons.add(kNetworkReason, notInDatabaseReason("network owner"));
}

/// The same, read from facts in place (NetFactsView) or owned (NetFacts).
inline void addNotLocatableReasons(Reasons& reasons, const NetFactsView& f) {
    addNotLocatableReasons(reasons, f.locatable(), f.not_locatable_reason(), f.rfc(), f.asn().has_value());
}
inline void addNotLocatableReasons(Reasons& reasons, const NetFacts& f) {
    auto view = [](const std::optional<std::string>& s) {
        return s ? std::optional<std::string_view>(*s) : std::nullopt;
    };
    addNotLocatableReasons(reasons, f.locatable, view(f.not_locatable_reason), view(f.rfc), f.asn.has_value());
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
