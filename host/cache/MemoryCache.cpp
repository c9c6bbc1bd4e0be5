#include "host/cache/MemoryCache.h"

#include <algorithm>

namespace ipfacts::cache {

MemoryCache::MemoryCache(size_t max_bytes, size_t shards, Clock clock) : clock_(std::move(clock)) {
    shards = std::max<size_t>(shards, 1);
    shards_.reserve(shards);
    for (size_t i = 0; i < shards; ++i) shards_.push_back(std::make_unique<LruShard>(max_bytes / shards));
}

std::optional<CachedValue> MemoryCache::get(std::string_view ns, std::string_view key) {
    std::string flat = flatKey(ns, key);
    return shardOf(flat).get(flat, clock_());
}

bool MemoryCache::put(std::string_view ns, std::string_view key, std::string value, std::chrono::milliseconds ttl) {
    std::string flat = flatKey(ns, key);
    LruShard& shard = shardOf(flat);
    if (ttl.count() <= 0) {
        shard.erase(flat);
        return false;
    }
    auto now = clock_();
    return shard.put(flat, std::move(value), now, now + ttl);
}

bool MemoryCache::erase(std::string_view ns, std::string_view key) {
    std::string flat = flatKey(ns, key);
    return shardOf(flat).erase(flat);
}

CacheStats MemoryCache::stats() const {
    CacheStats total;
    for (const auto& s : shards_) total += s->stats();
    return total;
}

std::string MemoryCache::flatKey(std::string_view ns, std::string_view key) {
    std::string flat = std::to_string(ns.size());
    flat.reserve(flat.size() + 1 + ns.size() + key.size());
    flat.append(1, ':').append(ns).append(key);
    return flat;
}

LruShard& MemoryCache::shardOf(std::string_view flat_key) {
    // The shard's own hash map uses the same hash: mix it so that the bits
    // choosing the shard are not the ones choosing the bucket.
    uint64_t h = std::hash<std::string_view>{}(flat_key)*0x9E3779B97F4A7C15ull;
    return *shards_[(h >> 32) % shards_.size()];
}

}  // namespace ipfacts::cache
