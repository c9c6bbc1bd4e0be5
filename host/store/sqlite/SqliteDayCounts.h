// SqliteDayCounts: the rate limiter's day counts in the host's SQLite file
// (table rate_counts, one row per caller and rate class and day), written
// behind by CounterWriteBehind about once a second.
#pragma once

#include "host/ratelimit/DayCountStore.h"

#include <memory>
#include <string>

struct sqlite3;

namespace ipfacts::store {

class SqliteDayCounts : public ratelimit::DayCountStore {
public:
    /// Opens (creating and migrating when needed) the file at `path`. Throws on failure.
    explicit SqliteDayCounts(const std::string& path);

    std::vector<ratelimit::DayCount> load(int64_t day) override;
    void save(int64_t day, const std::vector<ratelimit::DayCount>& counts) override;

private:
    struct Closer {
        void operator()(sqlite3* db) const;
    };
    std::unique_ptr<sqlite3, Closer> db_;  // used by one thread at a time (the write-behind)
    int64_t pruned_before_ = 0;            // days before this one are deleted already
};

}  // namespace ipfacts::store
