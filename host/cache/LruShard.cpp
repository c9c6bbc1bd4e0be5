#include "host/cache/LruShard.h"

namespace ipfacts::cache {

std::optional<CachedValue> LruShard::get(std::string_view key, TimePoint now) {
    std::lock_guard<std::mutex> lock(mu_);
    auto found = index_.find(key);
    if (found == index_.end()) {
        ++counters_.misses;
        return std::nullopt;
    }
    auto it = found->second;
    if (now >= it->expires) {
        remove(it);
        ++counters_.expirations;
        ++counters_.misses;
        return std::nullopt;
    }
    recency_.splice(recency_.begin(), recency_, it);
    ++counters_.hits;
    return CachedValue{it->value, std::chrono::duration_cast<std::chrono::milliseconds>(now - it->stored)};
}

bool LruShard::put(std::string_view key, std::string value, TimePoint now, TimePoint expires) {
    const size_t cost = costOf(key.size(), value.size());
    std::lock_guard<std::mutex> lock(mu_);
    auto found = index_.find(key);
    if (found != index_.end()) remove(found->second);
    if (cost > max_bytes_) return false;
    makeRoom(cost, now);
    recency_.push_front(Entry{std::string(key), std::move(value), now, expires, cost});
    index_.emplace(recency_.front().key, recency_.begin());
    bytes_ += cost;
    return true;
}

bool LruShard::erase(std::string_view key) {
    std::lock_guard<std::mutex> lock(mu_);
    auto found = index_.find(key);
    if (found == index_.end()) return false;
    remove(found->second);
    return true;
}

CacheStats LruShard::stats() const {
    std::lock_guard<std::mutex> lock(mu_);
    CacheStats s = counters_;
    s.entries = index_.size();
    s.bytes = bytes_;
    return s;
}

void LruShard::remove(List::iterator it) {
    bytes_ -= it->cost;
    index_.erase(std::string_view(it->key));
    recency_.erase(it);
}

/// Drops least recent entries until `cost` fits. An expired one is counted as
/// an expiration, not an eviction: the size bound did not cost it anything.
void LruShard::makeRoom(size_t cost, TimePoint now) {
    while (!recency_.empty() && bytes_ + cost > max_bytes_) {
        auto last = std::prev(recency_.end());
        ++(now >= last->expires ? counters_.expirations : counters_.evictions);
        remove(last);
    }
}

}  // namespace ipfacts::cache
