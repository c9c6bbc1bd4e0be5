// Catalogue: the facilities a manifest configures, started from the registry
// (FacilityRegistry) in the order of their needs, after what they share: the
// IANA special-purpose registry and the address guard.
#pragma once

#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/FacilitySet.h"

namespace ipfacts::facilities {

/// Starts every facility of `registry` the manifest configures, each after
/// what it needs, their budgets on `clock` (the daemon's; it outlives the
/// set) and counted in `tally` (the daemon's; null: the set's own memory).
/// Throws when one cannot start.
std::unique_ptr<FacilitySet> startFacilities(const manifest::Manifest& m,
                                             const FacilityRegistry& registry = builtinFacilities(),
                                             const ratelimit::ServiceClock& clock = ratelimit::ServiceClock::system(),
                                             std::shared_ptr<ratelimit::WindowTally> tally = nullptr);

/// The facility names this manifest configures, in start order, without
/// starting them (for --check-config).
std::vector<std::string> configuredFacilities(const manifest::Manifest& m,
                                              const FacilityRegistry& registry = builtinFacilities());

}  // namespace ipfacts::facilities
