// RateLimiter: per-caller fixed windows (this minute, this UTC day) for each
// rate class, held in memory in lock-striped tables so concurrent requests
// from different callers rarely contend. Counters reset at minute and 00:00
// UTC boundaries, as SPEC part 8 says.
#pragma once

#include "host/manifest/Manifest.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ipfacts::pipeline {

/// Who is counted: an address (16 bytes, v4 zero-padded) or a key id hash.
struct CounterKey {
    std::array<uint8_t, 18> bytes{};  // [0] rate class index, [1] kind, [2..17] identity
    bool operator==(const CounterKey& o) const { return bytes == o.bytes; }
};

struct CounterKeyHash {
    size_t operator()(const CounterKey& k) const noexcept;
};

/// The outcome of counting one request, with what the quota headers report.
struct RateDecision {
    bool allowed = true;
    bool challenge = false;       // denied because a bot challenge applies
    int64_t limit = 0;            // X-RateLimit-Limit
    int64_t remaining = 0;        // X-RateLimit-Remaining
    bool minute_window = false;   // the reported window is per-minute (Remaining omitted)
    int64_t reset_unix = 0;       // X-RateLimit-Reset
    int64_t retry_after_s = 0;    // Retry-After when denied
    bool unlimited = false;       // the class sets no limits for this caller
};

class RateLimiter {
public:
    /// Counts one request of `key` under `quota` at `now_s` (Unix seconds).
    /// Denied requests are not counted, so a caller who keeps retrying stays
    /// blocked exactly until the window ends. Thread-safe.
    RateDecision take(const CounterKey& key, const manifest::Quota& quota, int64_t now_s);

    /// Drops counters of past days. Thread-safe; call now and then.
    void purge(int64_t now_s);

    static CounterKey addressKey(size_t class_index, const uint8_t* addr, size_t len);
    static CounterKey identityKey(size_t class_index, std::string_view id);

private:
    struct Counter {
        int64_t minute = 0, minute_count = 0;
        int64_t day = 0, day_count = 0;
    };
    struct Stripe {
        std::mutex mu;
        std::unordered_map<CounterKey, Counter, CounterKeyHash> counters;
    };
    static constexpr size_t kStripes = 64;
    std::array<Stripe, kStripes> stripes_;
};

}  // namespace ipfacts::pipeline
