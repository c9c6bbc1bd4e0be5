// StatusReport: the one computed object behind /api/v1/status, /status,
// /status/badge.svg and /status/badge.json (their figures are
// equal by construction, because each is only a rendering of this).
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/status/StatusConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::status {

/// What one window holds for one target in one region, or for everything (overall).
struct WindowFigures {
    int64_t up = 0;
    int64_t down = 0;
    int64_t unknown = 0;           // complete intervals with no check since checking began
    std::optional<double> uptime;  // percent, up / (up + down); none without checks
    std::optional<double> p50_ms;  // nearest-rank over successful checks; none without one
    std::optional<double> p95_ms;
    int64_t checks() const { return up + down; }
};

/// One UTC day of the 30-day bar.
struct DayBar {
    int64_t day_start_ms = 0;
    int64_t up = 0;
    int64_t down = 0;
    std::optional<double> uptime;
};

/// One hour of the latency chart (last 24 hours).
struct HourLatency {
    int64_t hour_start_ms = 0;
    std::optional<double> p50_ms;
    std::optional<double> p95_ms;
};

struct RegionStatus {
    std::string region;
    WindowFigures short_window;  // 24 hours
    WindowFigures long_window;   // 30 days
    std::optional<int64_t> last_checked_at_ms;
    std::optional<bool> last_ok;
    std::string last_error;          // of the latest check when it failed
    std::string reason;              // why figures are null; empty when they are not
    std::vector<DayBar> days;        // 30, oldest first
    std::vector<HourLatency> hours;  // 24, oldest first
};

struct TargetStatus {
    StatusTarget target;
    std::vector<RegionStatus> regions;
};

/// One upstream's exchanges in one window, from the history (every region).
struct UpstreamWindow {
    int64_t ok = 0;
    int64_t failed = 0;
    std::optional<double> uptime;  // percent, ok / (ok + failed); none without exchanges
};

/// One upstream of the facilities (a DoH resolver, a registry, a blocklist
/// zone, a privacy feed ...): its figures over the two windows and this
/// node's live counts since the process started.
struct UpstreamStatus {
    std::string facility;
    std::string upstream;
    UpstreamWindow short_window;     // 24 hours
    UpstreamWindow long_window;      // 30 days
    facilities::UpstreamTally live;  // since upstreams_since; zero when this node has not asked it
    bool down = false;               // its latest status.upstream_down_after exchanges failed
};

struct StatusReport {
    int64_t generated_at_ms = 0;
    bool available = false;
    std::string available_reason;  // why available is false; empty when true
    int short_hours = 24;
    int long_days = 30;
    int interval_s = 60;
    std::string region;  // this node's
    WindowFigures overall_short;
    WindowFigures overall_long;
    std::vector<TargetStatus> targets;
    std::vector<UpstreamStatus> upstreams;  // by facility, then upstream
    int64_t upstreams_since_ms = 0;
    int upstream_down_after = 3;
    bool degraded = false;        // an upstream is down
    std::string degraded_reason;  // which, and why; empty when not degraded
};

}  // namespace ipfacts::status
