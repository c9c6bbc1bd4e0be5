// Catalogue: every facility the host knows, started from the manifest in one
// place. A new facility adds its folder and one line here.
#pragma once

#include "host/facilities/FacilitySet.h"

namespace ipfacts::facilities {

/// Starts every facility the manifest configures, their budgets on `clock`
/// (the daemon's; it outlives the set). Throws when one cannot start.
std::unique_ptr<FacilitySet> startFacilities(const manifest::Manifest& m,
                                             const pipeline::ServiceClock& clock = pipeline::ServiceClock::system());

/// The facility names this manifest configures, without starting them
/// (for --check-config).
std::vector<std::string> configuredFacilities(const manifest::Manifest& m);

}  // namespace ipfacts::facilities
