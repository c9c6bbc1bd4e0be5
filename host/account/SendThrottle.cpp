#include "host/account/SendThrottle.h"

namespace ipfacts::account {
namespace {
constexpr int64_t kHour = 3600;
}

int64_t SendThrottle::waitFor(const std::string& key, int64_t limit_per_hour, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    forgetStale(now);
    auto it = sends_.find(key);
    if (it == sends_.end()) return 0;
    auto& times = it->second;
    while (!times.empty() && times.front() <= now - kHour) times.pop_front();
    if (static_cast<int64_t>(times.size()) < limit_per_hour) return 0;
    return times[times.size() - static_cast<size_t>(limit_per_hour)] + kHour - now;
}

void SendThrottle::record(const std::string& key, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    sends_[key].push_back(now);
}

void SendThrottle::forgetStale(int64_t now) {
    // Once a minute: keys whose last send is over an hour old hold nothing.
    if (now - last_sweep_ < 60) return;
    last_sweep_ = now;
    for (auto it = sends_.begin(); it != sends_.end();) {
        if (it->second.empty() || it->second.back() <= now - kHour)
            it = sends_.erase(it);
        else
            ++it;
    }
}

}  // namespace ipfacts::account
