// MetricsRequest: what the metrics listener answers to one request head. Pure
// text in, text out (no socket), so the unit tests and the fuzz target
// (tests/fuzz/fuzz_metrics_request.cpp) drive it directly.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace ipfacts::metrics {

/// The answer to one request head (`head`: the bytes up to the blank line):
/// the whole HTTP/1.1 response, Connection: close. GET /metrics (any query)
/// gets `render()`; any other method or path 404, a request line that is not
/// "METHOD TARGET HTTP/1.x" 400.
std::string metricsResponse(std::string_view head, const std::function<std::string()>& render);

}  // namespace ipfacts::metrics
