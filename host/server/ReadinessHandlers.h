// ReadinessHandlers: host.healthz and host.readyz, declared once with their
// behaviour: out of the access log unless a route asks, /healthz on the event
// loop, /readyz on a worker (it reads the store).
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <memory>
#include <vector>

namespace ipfacts::server {

class Readiness;

/// The two handlers; /readyz served by `*readiness` once the daemon has made
/// it (null: declared only, to check a manifest).
std::vector<pipeline::HostHandlerDef> readinessHandlers(const std::unique_ptr<Readiness>* readiness);

}  // namespace ipfacts::server
