#include "host/facilities/http/UpstreamBudget.h"

namespace ipfacts::facilities::http {

UpstreamBudget::UpstreamBudget(const std::vector<UpstreamConfig>& upstreams,
                               std::shared_ptr<ratelimit::WindowTally> tally)
    : upstreams_(upstreams),
      in_flight_(new std::atomic<int64_t>[upstreams.size() ? upstreams.size() : 1]),
      tally_(std::move(tally)) {
    for (size_t i = 0; i < upstreams_.size(); ++i) in_flight_[i] = 0;
}

const UpstreamConfig* UpstreamBudget::upstreamOf(const std::string& host) const {
    for (const auto& u : upstreams_)
        for (const auto& h : u.hosts)
            if (h == host) return &u;
    return nullptr;
}

size_t UpstreamBudget::indexOf(const UpstreamConfig& u) const { return static_cast<size_t>(&u - upstreams_.data()); }

std::optional<std::string> UpstreamBudget::take(const UpstreamConfig& u, int64_t now_s) {
    const size_t i = indexOf(u);
    if (u.concurrent && in_flight_[i].fetch_add(1) >= u.concurrent) {
        in_flight_[i].fetch_sub(1);
        return "budget: " + std::to_string(u.concurrent) + " requests to upstream " + u.name + " are already in flight";
    }
    if (!u.concurrent) in_flight_[i].fetch_add(1);
    // From 80 % of the daily quota on, nothing more is spent: the rest is the operator's margin.
    const int64_t day_limit = u.per_day ? (u.per_day * 8) / 10 : 0;
    if (!u.per_minute && !day_limit) return std::nullopt;
    // One scope per upstream, by its name: every node that names it counts alike.
    auto d =
        tally_->take("upstream:" + u.name, {{"m", 60, u.per_minute, false}, {"d", 86400, day_limit, false}}, now_s);
    if (d.counted) return std::nullopt;
    in_flight_[i].fetch_sub(1);
    if (d.refused_by == 0)
        return "budget: upstream " + u.name + " allows " + std::to_string(u.per_minute) + " requests a minute";
    return "budget: 80% of upstream " + u.name + "'s daily quota of " + std::to_string(u.per_day) + " is spent";
}

void UpstreamBudget::release(const UpstreamConfig& u) { in_flight_[indexOf(u)].fetch_sub(1); }

}  // namespace ipfacts::facilities::http
