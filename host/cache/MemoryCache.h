// MemoryCache: the in-process CacheBackend. Bounded in bytes; entries expire
// after their TTL; past the bound the least recently used go first. Keys are
// spread over shards, each with its own lock, budget (max_bytes / shards)
// and recency order, so concurrent callers rarely contend; the price is that
// "least recently used" holds per shard, not across the whole cache.
#pragma once

#include "host/cache/CacheBackend.h"
#include "host/cache/LruShard.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace ipfacts::cache {

class MemoryCache : public CacheBackend {
public:
    /// Monotonic time; tests pass a hand-driven one to expire entries without sleeping.
    using Clock = std::function<std::chrono::steady_clock::time_point()>;

    static constexpr size_t kDefaultShards = 16;

    explicit MemoryCache(size_t max_bytes, size_t shards = kDefaultShards, Clock clock = steadyNow);

    std::optional<CachedValue> get(std::string_view ns, std::string_view key) override;
    bool put(std::string_view ns, std::string_view key, std::string value, std::chrono::milliseconds ttl) override;
    bool erase(std::string_view ns, std::string_view key) override;
    CacheStats stats() const override;

    static std::chrono::steady_clock::time_point steadyNow() { return std::chrono::steady_clock::now(); }

private:
    /// One flat key per (namespace, key); the namespace's length leads, so no
    /// choice of namespace and key can spell another pair's key.
    static std::string flatKey(std::string_view ns, std::string_view key);
    LruShard& shardOf(std::string_view flat_key);

    Clock clock_;
    std::vector<std::unique_ptr<LruShard>> shards_;
};

}  // namespace ipfacts::cache
