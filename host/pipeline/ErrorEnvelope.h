// ErrorEnvelope: the one body of every failure, {"error","message","status"}.
#pragma once

#include "host/pipeline/Exchange.h"

#include <string_view>

namespace ipfacts::pipeline {

/// Replaces the response with the envelope for `status`, keeping host headers
/// already added (quota headers, Retry-After).
void writeError(HttpResponse& resp, int status, std::string_view token, std::string_view message);

}  // namespace ipfacts::pipeline
