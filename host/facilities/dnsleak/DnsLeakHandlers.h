// DnsLeakHandlers: the routes of the DNS leak test, served by the host
// (HostHandlerDef): host.dnsleak_start (GET /api/v1/dnsleak, a new session),
// host.dnsleak_session (GET /api/v1/dnsleak/{session}, its result) and
// host.dnsleak_page (/dnsleak). Without a dnsleak: section each answers 404
// not_implemented, as the planned endpoint always did.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/pipeline/HostHandlerDef.h"

#include <vector>

namespace ipfacts::facilities::dnsleak {

/// The handlers, served by the DnsLeakFacility in `facilities` (null:
/// declared only, to check a manifest).
std::vector<pipeline::HostHandlerDef> dnsleakHandlers(const FacilitySet* facilities);

}  // namespace ipfacts::facilities::dnsleak
