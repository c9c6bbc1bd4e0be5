#include "host/facilities/meters/DailyMeters.h"

namespace ipfacts::facilities {

DailyMeters::DailyMeters(const std::map<std::string, int64_t>& per_day) {
    size_t i = 0;
    for (const auto& [name, budget] : per_day) meters_[name] = Meter{i++, budget};
}

std::optional<DailyMeters::Use> DailyMeters::take(const std::string& meter, const net::IpAddress& address,
                                                  int64_t now) {
    auto it = meters_.find(meter);
    if (it == meters_.end()) return std::nullopt;
    manifest::Quota q;
    q.per_day = it->second.per_day;
    auto d =
        counters_.take(ratelimit::RateLimiter::addressKey(it->second.index, address.bytes(), address.size()), q, now);
    if (d.unlimited) return Use{true, 0, (now / 86400 + 1) * 86400};
    return Use{d.allowed, d.remaining, d.reset_unix};
}

}  // namespace ipfacts::facilities
