// UptimeAccounting: the one computation of the status figures from the
// recorded samples (host/status/README.md, "Accounting"):
// - uptime = up / (up + down) over the samples in the window, as a percent;
// - an interval (status.interval_s, aligned to the Unix epoch) that is over,
//   starts inside the window, starts no earlier than the interval of the
//   target's first recorded check and holds no sample is `unknown` (the
//   prober was not running): counted, and neither up nor down;
// - p50/p95 are nearest-rank percentiles of the recorded latencies of the
//   successful checks in the window; failed checks never enter them.
// Pure: the same samples and time give the same report.
#pragma once

#include "host/status/StatusConfig.h"
#include "host/status/StatusReport.h"
#include "host/store/ProbeSample.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ipfacts::status {

constexpr int64_t kShortWindowMs = int64_t(24) * 3600 * 1000;
constexpr int64_t kLongWindowMs = int64_t(30) * 86400 * 1000;

/// The report at `now_ms` from `samples` (at least those of the last 30
/// days; later or older ones are ignored), for the configured targets.
/// Upstream tallies are left for the caller to add.
StatusReport computeStatus(const StatusConfig& config, const std::vector<ipfacts::store::ProbeSample>& samples,
                           int64_t now_ms);

/// The nearest-rank `p`th percentile (0 < p <= 100) of `sorted` (ascending):
/// the value at rank ceil(p/100 * n). None for an empty list.
std::optional<int64_t> nearestRank(const std::vector<int64_t>& sorted, int p);

}  // namespace ipfacts::status
