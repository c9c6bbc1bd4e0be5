// DailyMeters: named daily budgets per caller block. Each meter the manifest
// declares is a per-address budget for the UTC day, counted in the same
// lock-striped windows as the rate limits.
#pragma once

#include "host/net/IpAddress.h"
#include "host/ratelimit/RateLimiter.h"

#include <map>
#include <optional>
#include <string>

namespace ipfacts::facilities {

class DailyMeters {
public:
    explicit DailyMeters(const std::map<std::string, int64_t>& per_day);

    struct Use {
        bool allowed;
        int64_t remaining;
        int64_t resets_at;
    };
    /// Counts one use of `meter` by `address` (the caller's block) at `now_s`
    /// (Unix seconds); nullopt for an unknown meter. Thread-safe.
    std::optional<Use> take(const std::string& meter, const net::IpAddress& address, int64_t now_s);
    /// Forgets counts of past days. Thread-safe.
    void purge(int64_t now_s) { counters_.purge(now_s); }

private:
    struct Meter {
        size_t index;
        int64_t per_day;
    };
    std::map<std::string, Meter> meters_;
    ratelimit::RateLimiter counters_;
};

}  // namespace ipfacts::facilities
