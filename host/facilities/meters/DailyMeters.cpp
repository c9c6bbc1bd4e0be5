#include "host/facilities/meters/DailyMeters.h"

namespace ipfacts::facilities {
namespace {
constexpr int64_t kDay = 86400;
}

DailyMeters::DailyMeters(const std::map<std::string, int64_t>& per_day, std::shared_ptr<ratelimit::WindowTally> tally)
    : per_day_(per_day), tally_(std::move(tally)) {}

std::optional<DailyMeters::Use> DailyMeters::take(const std::string& meter, const net::IpAddress& address,
                                                  int64_t now) {
    auto it = per_day_.find(meter);
    if (it == per_day_.end()) return std::nullopt;
    const int64_t resets_at = (now / kDay + 1) * kDay;
    const int64_t budget = it->second;
    if (budget == 0) return Use{true, 0, resets_at};  // no budget set: nothing to count
    // One scope per meter and caller block: its one count sits in one Redis slot.
    auto a = tally_->take("meter:" + meter + ":" + address.toString(), {{"n", kDay, budget, false}}, now);
    const int64_t left = budget - a.counts.at(0);
    return Use{a.counted, left > 0 ? left : 0, resets_at};
}

}  // namespace ipfacts::facilities
