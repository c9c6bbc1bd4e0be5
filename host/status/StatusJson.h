// StatusJson: the StatusResponse body (host/status/README.md) of a StatusReport, with its
// additions (down and unknown counts, reasons, the upstreams' outcomes).
#pragma once

#include "host/status/StatusReport.h"

#include <string>

namespace ipfacts::status {

/// The body of /api/v1/status. `source` is the manifest's service.host.
std::string statusJson(const StatusReport& report, const std::string& source);

}  // namespace ipfacts::status
