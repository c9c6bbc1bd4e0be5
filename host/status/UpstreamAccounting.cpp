#include "host/status/UpstreamAccounting.h"

#include <map>
#include <string>
#include <utility>

namespace ipfacts::status {
namespace {

using Key = std::pair<std::string, std::string>;

UpstreamWindow windowOf(const ipfacts::store::UpstreamTotals& t) {
    UpstreamWindow w{t.ok, t.failed, std::nullopt};
    if (t.ok + t.failed > 0) w.uptime = 100.0 * double(t.ok) / double(t.ok + t.failed);
    return w;
}

UpstreamStatus& entry(std::map<Key, UpstreamStatus>& by, const std::string& facility, const std::string& upstream) {
    auto [it, fresh] = by.try_emplace(Key{facility, upstream});
    if (fresh) {
        it->second.facility = facility;
        it->second.upstream = upstream;
    }
    return it->second;
}

}  // namespace

std::vector<UpstreamStatus> upstreamStatus(const std::vector<ipfacts::store::UpstreamTotals>& short_window,
                                           const std::vector<ipfacts::store::UpstreamTotals>& long_window,
                                           const std::vector<facilities::UpstreamTally>& live, int down_after) {
    std::map<Key, UpstreamStatus> by;
    for (const auto& t : short_window) entry(by, t.facility, t.upstream).short_window = windowOf(t);
    for (const auto& t : long_window) entry(by, t.facility, t.upstream).long_window = windowOf(t);
    for (const auto& t : live) {
        UpstreamStatus& u = entry(by, t.facility, t.upstream);
        u.live = t;
        u.down = t.failed_in_a_row >= down_after;
    }
    std::vector<UpstreamStatus> out;
    out.reserve(by.size());
    for (auto& [key, u] : by) out.push_back(std::move(u));
    return out;
}

void addUpstreams(StatusReport& report, std::vector<UpstreamStatus> upstreams, int down_after) {
    report.upstreams = std::move(upstreams);
    report.upstream_down_after = down_after;
    report.degraded_reason.clear();
    for (const auto& u : report.upstreams) {
        if (!u.down) continue;
        if (!report.degraded_reason.empty()) report.degraded_reason += "; ";
        report.degraded_reason += u.facility + " upstream " + u.upstream + " is down: its latest " +
                                  std::to_string(down_after) + " exchanges failed (" + u.live.last_error + ")";
    }
    report.degraded = !report.degraded_reason.empty();
}

}  // namespace ipfacts::status
