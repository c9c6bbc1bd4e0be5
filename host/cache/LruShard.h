// LruShard: one lock's worth of MemoryCache — a hash index over a list kept
// in recency order, with its own byte budget. MemoryCache spreads keys over
// several shards so that threads rarely wait on the same lock.
#pragma once

#include "host/cache/CacheBackend.h"
#include "host/cache/CacheStats.h"

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ipfacts::cache {

class LruShard {
public:
    using TimePoint = std::chrono::steady_clock::time_point;

    /// Bookkeeping charged to every entry on top of its key and value (list
    /// and hash nodes, string headers), so that many tiny entries are bounded too.
    static constexpr size_t kEntryOverhead = 128;

    explicit LruShard(size_t max_bytes) : max_bytes_(max_bytes) {}

    /// The live value of `key` as of `now`; a hit becomes the most recent entry.
    std::optional<CachedValue> get(std::string_view key, TimePoint now);
    /// Stores `value` until `expires`, evicting least recent entries for room.
    /// False (and `key` forgotten) when the entry alone exceeds the budget.
    bool put(std::string_view key, std::string value, TimePoint now, TimePoint expires);
    bool erase(std::string_view key);
    CacheStats stats() const;

    static size_t costOf(size_t key_size, size_t value_size) { return key_size + value_size + kEntryOverhead; }

private:
    struct Entry {
        std::string key;
        std::string value;
        TimePoint stored;
        TimePoint expires;
        size_t cost;
    };
    using List = std::list<Entry>;

    void remove(List::iterator it);
    void makeRoom(size_t cost, TimePoint now);

    const size_t max_bytes_;
    mutable std::mutex mu_;
    List recency_;                                                // most recent first
    std::unordered_map<std::string_view, List::iterator> index_;  // keys view into recency_'s entries
    size_t bytes_ = 0;
    CacheStats counters_;  // hits, misses, evictions, expirations
};

}  // namespace ipfacts::cache
