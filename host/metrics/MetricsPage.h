// MetricsPage: the text of /metrics, read at scrape time from where the host
// already keeps each number: the pipeline's RequestCounters, the facilities'
// UpstreamOutcomes (the status page's counts: nothing is counted twice), the
// response cache's own statistics, the worker scheduler, and each facility's
// own families (Facility::metrics: the cache facility's statistics, netdb's
// data ages), which the page walks without naming a facility.
#pragma once

#include "host/cache/CacheStats.h"
#include "host/facilities/FacilitySet.h"
#include "host/facilities/UpstreamOutcomes.h"
#include "host/pipeline/RequestCounters.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::metrics {

/// Where each number comes from. An empty function: that part is not shown.
struct MetricsSources {
    const ipfacts::pipeline::RequestCounters* requests = nullptr;
    std::vector<std::string> routes;  // label of each route slot: the manifest's path template; last: unmatched
    std::shared_ptr<const facilities::UpstreamOutcomes> outcomes;
    std::function<cache::CacheStats()> response_cache;
    std::function<size_t()> worker_fibers;
    size_t worker_fibers_max = 0;
    std::function<uint64_t()> tally_fallbacks;  // WindowTally::fallbacks of the daemon's tally
    // Every facility's families at a time (FacilitySet::metrics); a family
    // the page shows too (the cache families) gets their samples after its own.
    std::function<std::vector<facilities::MetricFamily>(int64_t now_unix)> facilities;
    int64_t start_unix = 0;
    std::string version;
    std::string abi;
};

/// The route label of requests no route matched (a raw path is never a label).
inline constexpr std::string_view kUnmatchedRoute = "(unmatched)";

/// The whole exposition at `now_unix`.
std::string renderMetrics(const MetricsSources& s, int64_t now_unix);

}  // namespace ipfacts::metrics
