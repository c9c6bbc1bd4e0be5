// LocationReasons: the lookup's words for why an address has no location.
// The rule is the host's: netdb says whether an address is locatable and, when
// not, why (a special-purpose block's kind, or "not in database"), and it
// withholds location and network owner itself (for private,
// reserved and documentation ranges, the classification and an explanation
// instead of a geolocation guess). The words are the SDK's (ipfacts/location.hpp),
// the same /json writes for a caller from such an address.
#ifndef IPFACTS_PLUGINS_LOOKUP_LOCATIONREASONS_H
#define IPFACTS_PLUGINS_LOOKUP_LOCATIONREASONS_H

#include "LookupReport.h"

namespace ipfacts::lookup {

/// For an address netdb does not locate because of its block, explains in
/// reasons.geolocation and reasons.network: "private address (RFC 1918): no
/// geolocation" / "...: no network owner". Adds nothing without facts, for a
/// locatable address, or for public space no database holds (a fact the
/// database simply lacks has no reason: see the README).
void explainMissingLocation(LookupReport& report);

}  // namespace ipfacts::lookup

#endif
