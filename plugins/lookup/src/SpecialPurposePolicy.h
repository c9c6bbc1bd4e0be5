// SpecialPurposePolicy: for private, reserved and documentation ranges the
// lookup gives the classification and an explanation instead of a
// geolocation guess (SPEC 2.2). A database may still hold a location for
// 10.0.0.0/8; it would describe somebody's network, not the caller's target.
#ifndef IPFACTS_PLUGINS_LOOKUP_SPECIALPURPOSEPOLICY_H
#define IPFACTS_PLUGINS_LOOKUP_SPECIALPURPOSEPOLICY_H

#include "LookupReport.h"

#include <string_view>

namespace ipfacts::lookup {

/// True for kinds a location means something for: public and anycast
/// (and an empty kind, when a database does not classify).
bool isGeolocatable(std::string_view kind);

/// For any other kind: nulls every location and network-owner fact, sets
/// connection_type "unknown" and leaves geo_accuracy to its "country-only"
/// fallback, and explains in reasons.geolocation and reasons.network:
/// "private address (RFC 1918): no geolocation". rir and classification stay.
/// Does nothing without facts or for a geolocatable kind.
void withholdGeolocation(LookupReport& report);

}  // namespace ipfacts::lookup

#endif
