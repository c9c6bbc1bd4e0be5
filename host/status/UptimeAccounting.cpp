#include "host/status/UptimeAccounting.h"

#include <algorithm>
#include <map>
#include <set>

namespace ipfacts::status {
namespace {

constexpr int64_t kDayMs = 86400 * 1000;
constexpr int64_t kHourMs = 3600 * 1000;

int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

/// Counts and percentiles of a set of samples.
class Tally {
public:
    void add(const ipfacts::store::ProbeSample& s) {
        if (s.ok) {
            ++up_;
            latencies_.push_back(s.latency_us);
        } else {
            ++down_;
        }
    }
    WindowFigures figures() {
        WindowFigures f;
        f.up = up_;
        f.down = down_;
        if (up_ + down_ > 0) f.uptime = 100.0 * double(up_) / double(up_ + down_);
        std::sort(latencies_.begin(), latencies_.end());
        if (auto p = nearestRank(latencies_, 50)) f.p50_ms = double(*p) / 1000.0;
        if (auto p = nearestRank(latencies_, 95)) f.p95_ms = double(*p) / 1000.0;
        return f;
    }

private:
    int64_t up_ = 0;
    int64_t down_ = 0;
    std::vector<int64_t> latencies_;
};

/// Complete intervals within (now - window, now] after the first check that hold no sample.
int64_t unknownIntervals(const std::vector<const ipfacts::store::ProbeSample*>& samples, int64_t now_ms,
                         int64_t window_ms, int64_t interval_ms) {
    if (samples.empty()) return 0;
    const int64_t first_at = samples.front()->at_ms;
    // Intervals starting after the window's (open) start: (now - window, now].
    const int64_t from = std::max(floorDiv(now_ms - window_ms, interval_ms) + 1, floorDiv(first_at, interval_ms));
    const int64_t to = floorDiv(now_ms, interval_ms) - 1;  // the current interval is not over
    if (to < from) return 0;
    std::set<int64_t> seen;
    for (const auto* s : samples) {
        int64_t slot = floorDiv(s->at_ms, interval_ms);
        if (slot >= from && slot <= to) seen.insert(slot);
    }
    return (to - from + 1) - static_cast<int64_t>(seen.size());
}

RegionStatus regionStatus(const std::string& region, const std::vector<const ipfacts::store::ProbeSample*>& samples,
                          int64_t now_ms, int64_t interval_ms) {
    RegionStatus r;
    r.region = region;
    Tally short_tally, long_tally;
    const int64_t today = floorDiv(now_ms, kDayMs);
    const int64_t this_hour = floorDiv(now_ms, kHourMs);
    std::vector<Tally> days(30), hours(24);
    for (const auto* s : samples) {
        long_tally.add(*s);
        if (s->at_ms > now_ms - kShortWindowMs) short_tally.add(*s);
        int64_t d = floorDiv(s->at_ms, kDayMs) - (today - 29);
        if (d >= 0 && d < 30) days[size_t(d)].add(*s);
        int64_t h = floorDiv(s->at_ms, kHourMs) - (this_hour - 23);
        if (h >= 0 && h < 24 && s->at_ms > now_ms - kShortWindowMs) hours[size_t(h)].add(*s);
    }
    r.short_window = short_tally.figures();
    r.long_window = long_tally.figures();
    r.short_window.unknown = unknownIntervals(samples, now_ms, kShortWindowMs, interval_ms);
    r.long_window.unknown = unknownIntervals(samples, now_ms, kLongWindowMs, interval_ms);
    for (size_t d = 0; d < 30; ++d) {
        WindowFigures f = days[d].figures();
        r.days.push_back({(today - 29 + int64_t(d)) * kDayMs, f.up, f.down, f.uptime});
    }
    for (size_t h = 0; h < 24; ++h) {
        WindowFigures f = hours[h].figures();
        r.hours.push_back({(this_hour - 23 + int64_t(h)) * kHourMs, f.p50_ms, f.p95_ms});
    }
    if (!samples.empty()) {
        const ipfacts::store::ProbeSample& last = *samples.back();
        r.last_checked_at_ms = last.at_ms;
        r.last_ok = last.ok;
        if (!last.ok) r.last_error = last.error;
    }
    if (samples.empty())
        r.reason = "no checks yet";
    else if (r.short_window.checks() == 0)
        r.reason = "no checks in the last 24 hours";
    return r;
}

/// available: every target checked within the last three intervals, in every
/// region, passed its latest check, and there is at least one such check.
void decideAvailable(StatusReport& report, int64_t now_ms, int64_t interval_ms) {
    const int64_t fresh_after = now_ms - 3 * interval_ms;
    bool any = false;
    for (const auto& t : report.targets)
        for (const auto& r : t.regions) {
            if (!r.last_checked_at_ms || *r.last_checked_at_ms <= fresh_after) continue;
            any = true;
            if (!*r.last_ok && report.available_reason.empty())
                report.available_reason =
                    "the latest check of " + t.target.label + " from " + r.region + " failed: " + r.last_error;
        }
    if (!any) report.available_reason = "no check in the last " + std::to_string(3 * interval_ms / 1000) + " seconds";
    report.available = report.available_reason.empty();
}

}  // namespace

std::optional<int64_t> nearestRank(const std::vector<int64_t>& sorted, int p) {
    if (sorted.empty()) return std::nullopt;
    const size_t n = sorted.size();
    size_t rank = (size_t(p) * n + 99) / 100;  // ceil(p/100 * n)
    rank = std::clamp<size_t>(rank, 1, n);
    return sorted[rank - 1];
}

StatusReport computeStatus(const StatusConfig& config, const std::vector<ipfacts::store::ProbeSample>& samples,
                           int64_t now_ms) {
    StatusReport report;
    report.generated_at_ms = now_ms;
    report.interval_s = config.interval_s;
    report.region = config.region;
    const int64_t interval_ms = int64_t(config.interval_s) * 1000;

    // Samples of each target by region, oldest first, within (now - 30 days, now].
    std::map<std::string, std::map<std::string, std::vector<const ipfacts::store::ProbeSample*>>> by_target;
    for (const auto& t : config.targets) by_target[t.url][config.region];
    for (const auto& s : samples) {
        if (s.at_ms <= now_ms - kLongWindowMs || s.at_ms > now_ms) continue;
        auto it = by_target.find(s.target);
        if (it != by_target.end()) it->second[s.region].push_back(&s);
    }
    Tally overall_short, overall_long;
    for (const auto& t : config.targets) {
        TargetStatus ts{t, {}};
        for (auto& [region, list] : by_target[t.url]) {
            std::stable_sort(list.begin(), list.end(), [](auto* a, auto* b) { return a->at_ms < b->at_ms; });
            ts.regions.push_back(regionStatus(region, list, now_ms, interval_ms));
            for (const auto* s : list) {
                overall_long.add(*s);
                if (s->at_ms > now_ms - kShortWindowMs) overall_short.add(*s);
            }
            report.overall_short.unknown += ts.regions.back().short_window.unknown;
            report.overall_long.unknown += ts.regions.back().long_window.unknown;
        }
        report.targets.push_back(std::move(ts));
    }
    const int64_t unknown_short = report.overall_short.unknown, unknown_long = report.overall_long.unknown;
    report.overall_short = overall_short.figures();
    report.overall_long = overall_long.figures();
    report.overall_short.unknown = unknown_short;
    report.overall_long.unknown = unknown_long;
    decideAvailable(report, now_ms, interval_ms);
    return report;
}

}  // namespace ipfacts::status
