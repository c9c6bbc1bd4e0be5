// ReadinessHandlers: host.healthz and host.readyz, declared once with their
// behaviour: out of the access log unless a route asks, /healthz on the event
// loop, /readyz on a worker (it reads the store).
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <memory>
#include <string>
#include <vector>

namespace ipfacts::server {

class Readiness;

/// The two handlers; /readyz served by `*readiness` once the daemon has made
/// it (null: declared only, to check a manifest). `facility_checks`: the
/// checks the facilities add (FacilityRegistry::readinessChecks), which the
/// OpenAPI schema of the answer names.
std::vector<pipeline::HostHandlerDef> readinessHandlers(const std::unique_ptr<Readiness>* readiness,
                                                        const std::vector<std::string>& facility_checks);

}  // namespace ipfacts::server
