// UpstreamAccounting: each upstream's figures in the status report, and
// whether the service is degraded (docs/api.md, "Status figures").
// - the windows: the history's sums of answered and failed exchanges over the
//   last 24 hours and 30 days (every region), uptime = ok / (ok + failed);
// - down: this node's latest `down_after` exchanges with it all failed. It
//   stays down until an exchange succeeds: an upstream nobody asks is not
//   known to be back;
// - degraded: at least one upstream is down.
// Pure: the same inputs give the same figures.
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/status/StatusReport.h"
#include "host/store/UpstreamSample.h"

#include <vector>

namespace ipfacts::status {

/// Every upstream seen in either window or in `live`, ordered by facility then upstream.
std::vector<UpstreamStatus> upstreamStatus(const std::vector<ipfacts::store::UpstreamTotals>& short_window,
                                           const std::vector<ipfacts::store::UpstreamTotals>& long_window,
                                           const std::vector<facilities::UpstreamTally>& live, int down_after);

/// Sets report.upstreams, report.degraded and report.degraded_reason
/// ("doh upstream silent is down: its latest 3 exchanges failed (timeout after 1000 ms)").
void addUpstreams(StatusReport& report, std::vector<UpstreamStatus> upstreams, int down_after);

}  // namespace ipfacts::status
