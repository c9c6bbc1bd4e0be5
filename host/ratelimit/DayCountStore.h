// DayCountStore: where the rate limiter's day counts outlive the process, so
// a restart keeps each caller's count of the UTC day (SQLite mode: the host's
// SQLite file, host/store/sqlite/SqliteDayCounts). Only the write-behind
// thread and the start-up use it; never the request path.
#pragma once

#include "host/ratelimit/RateLimiter.h"

#include <cstdint>
#include <vector>

namespace ipfacts::ratelimit {

class DayCountStore {
public:
    virtual ~DayCountStore() = default;
    /// Every count kept for `day` (Unix days). Throws on a store failure.
    virtual std::vector<DayCount> load(int64_t day) = 0;
    /// Keeps `counts` for `day`, replacing earlier values of the same keys,
    /// and forgets the days before it. Throws on a store failure.
    virtual void save(int64_t day, const std::vector<DayCount>& counts) = 0;
};

}  // namespace ipfacts::ratelimit
