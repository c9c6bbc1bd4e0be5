// RateLimiter: per-caller fixed windows (this minute, this UTC day) for each
// rate class, held in memory in lock-striped tables so concurrent requests
// from different callers rarely contend. Counters reset at minute and 00:00
// UTC boundaries (docs/api.md, "Quotas"). Each stripe keeps one table for the
// current minute and one for the current day; a table is dropped whole when
// its window ends, so memory follows the callers of this minute plus a
// compact daily count (about 24-48 bytes) per caller seen today. The day
// counts changed since the last look are listed, so a write-behind
// (CounterWriteBehind) can keep them on disk without touching the request path.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/ratelimit/CounterTable.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::ratelimit {

/// One window of a quota as the RateLimit header fields report it.
struct RateWindow {
    int64_t limit = 0;      // 0: the quota has no such window
    int64_t remaining = 0;  // requests left in it, never below 0
    int64_t reset_s = 0;    // seconds until it ends
};

/// The outcome of counting one request, with what the quota headers report.
struct RateDecision {
    bool allowed = true;
    bool challenge = false;          // denied because a bot challenge applies
    int64_t limit = 0;               // X-RateLimit-Limit
    int64_t remaining = 0;           // X-RateLimit-Remaining
    bool minute_window = false;      // the reported window is per-minute (Remaining omitted)
    int64_t reset_unix = 0;          // X-RateLimit-Reset
    int64_t retry_after_s = 0;       // Retry-After when denied
    bool unlimited = false;          // the class sets no limits for this caller
    bool unavailable = false;        // the shared counter store did not answer: served uncounted
    bool solution_replayed = false;  // the challenge solution sent was used already (shared counters)
    RateWindow minute, day;          // both windows, for the RateLimit header fields
};

/// What the counters said of one request: counted, or why it was not.
// The numbers are the Redis script's (RedisCounterScript).
enum class RateVerdict { Counted = 0, MinuteFull = 1, DayFull = 2, ChallengeDue = 3, SolutionReplayed = 4 };

/// One caller's count in one rate class on one UTC day.
struct DayCount {
    CounterKey key;
    uint32_t count = 0;
};

class RateLimiter {
public:
    /// With `list_changes`, takeChangedDayCounts() has the changed day counts
    /// to give; without, nothing is listed (meters kept in memory only).
    explicit RateLimiter(bool list_changes = false) : list_changes_(list_changes) {}

    /// Counts one request of `key` under `quota` at `now_s` (Unix seconds).
    /// Denied requests are not counted, so a caller who keeps retrying stays
    /// blocked exactly until the window ends. Thread-safe.
    RateDecision take(const CounterKey& key, const manifest::Quota& quota, int64_t now_s);

    /// True when `key` has used up `quota` in this minute or day; counts nothing.
    bool exhausted(const CounterKey& key, const manifest::Quota& quota, int64_t now_s);
    /// Counts one event of `key` in this minute and day, whatever the limits.
    void count(const CounterKey& key, int64_t now_s);

    /// Drops the tables of ended windows (minutes and days) even where no
    /// request came since. Thread-safe; call now and then.
    void purge(int64_t now_s);

    /// The day counts changed since the last call, with their values now, and
    /// the UTC day (Unix days) they belong to in `day`. Thread-safe.
    std::vector<DayCount> takeChangedDayCounts(int64_t now_s, int64_t& day);
    /// Raises today's counts to `counts` (kept by an earlier run), when `day`
    /// is today at `now_s`; a count already higher stays. Thread-safe.
    void restoreDayCounts(int64_t day, const std::vector<DayCount>& counts, int64_t now_s);

    struct Usage {
        size_t callers_today = 0;   // entries of the daily tables
        size_t callers_minute = 0;  // entries of the minute tables
        size_t bytes = 0;           // held by all tables
    };
    Usage usage() const;

    /// The decision and quota headers for a request given `verdict` and the
    /// caller's counts after it (`m_count` this minute, `d_count` today):
    /// the one rule for the in-memory counters and the shared ones.
    static RateDecision decide(const manifest::Quota& quota, RateVerdict verdict, int64_t m_count, int64_t d_count,
                               int64_t now_s);

    static CounterKey addressKey(size_t class_index, const uint8_t* addr, size_t len);
    static CounterKey identityKey(size_t class_index, std::string_view id);

private:
    struct Stripe {
        mutable std::mutex mu;
        int64_t minute = -1, day = -1;
        CounterTable minute_counts, day_counts;
        std::vector<CounterKey> day_changed;  // keys of day_counts marked changed
        void countOne(const CounterKey& key, size_t hash, bool list, int64_t& m_count, int64_t& d_count);
        void roll(int64_t now_minute, int64_t now_day);
    };
    static constexpr size_t kStripes = 64;
    std::array<Stripe, kStripes> stripes_;
    const bool list_changes_;
};

}  // namespace ipfacts::ratelimit
