#include "host/facilities/UpstreamOutcomes.h"

#include <chrono>

namespace ipfacts::facilities {

int64_t UpstreamOutcomes::nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

void UpstreamOutcomes::record(std::string_view facility, std::string_view upstream, std::string_view error) {
    const int64_t now = nowMs();
    std::lock_guard lock(mu_);
    auto key = std::make_pair(std::string(facility), std::string(upstream));
    auto it = tallies_.find(key);
    if (it == tallies_.end()) it = tallies_.emplace(key, UpstreamTally{key.first, key.second, 0, 0, 0, 0, {}, 0}).first;
    UpstreamTally& t = it->second;
    if (error.empty()) {
        ++t.ok;
        t.last_ok_ms = now;
        t.failed_in_a_row = 0;
    } else {
        ++t.failed;
        ++t.failed_in_a_row;
        t.last_failed_ms = now;
        t.last_error.assign(error.substr(0, 200));
    }
}

std::vector<UpstreamTally> UpstreamOutcomes::snapshot() const {
    std::lock_guard lock(mu_);
    std::vector<UpstreamTally> out;
    out.reserve(tallies_.size());
    for (const auto& [key, t] : tallies_) out.push_back(t);
    return out;
}

}  // namespace ipfacts::facilities
