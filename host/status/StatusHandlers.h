// StatusHandlers: the routes the status service serves as host handlers —
// host.status (/api/v1/status), host.status_page, host.status_badge_svg,
// host.status_badge_json, and host.status_control for tests — each declared
// once with its behaviour. All need a status: section.
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <vector>

namespace ipfacts::status {

class StatusService;

/// The status handlers, served by `service` (null: declared only, to check a manifest).
std::vector<pipeline::HostHandlerDef> statusHandlers(StatusService* service);

}  // namespace ipfacts::status
