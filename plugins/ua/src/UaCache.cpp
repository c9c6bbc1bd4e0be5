#include "UaCache.h"

#include <algorithm>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace ipfacts::ua {
namespace {

// Enough shards that a handful of handler threads rarely share one.
constexpr size_t kMaxShards = 16;

}  // namespace

/// One LRU under one mutex. The map's keys view the strings held by the
/// list nodes, which never move, so each UA is stored once.
class UaCache::Shard {
public:
    void setCapacity(size_t capacity) { capacity_ = capacity; }
    size_t capacity() const { return capacity_; }

    ResultPtr find(std::string_view ua) {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = index_.find(ua);
        if (it == index_.end()) return nullptr;
        order_.splice(order_.begin(), order_, it->second);
        return it->second->second;
    }

    void insert(std::string_view ua, ResultPtr result) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (capacity_ == 0) return;
        if (auto it = index_.find(ua); it != index_.end()) {
            it->second->second = std::move(result);
            order_.splice(order_.begin(), order_, it->second);
            return;
        }
        if (order_.size() >= capacity_) {
            index_.erase(order_.back().first);
            order_.pop_back();
        }
        order_.emplace_front(std::string(ua), std::move(result));
        index_.emplace(order_.front().first, order_.begin());
    }

    size_t size() const {
        std::lock_guard<std::mutex> lock(mutex_);
        return order_.size();
    }

private:
    using Entry = std::pair<std::string, ResultPtr>;

    mutable std::mutex mutex_;
    std::list<Entry> order_;  // most recent first
    std::unordered_map<std::string_view, std::list<Entry>::iterator> index_;
    size_t capacity_ = 0;
};

UaCache::UaCache(size_t capacity) : shardCount_(std::clamp<size_t>(capacity, 1, kMaxShards)) {
    shards_ = std::make_unique<Shard[]>(shardCount_);
    size_t perShard = (capacity + shardCount_ - 1) / shardCount_;
    for (size_t i = 0; i < shardCount_; ++i) shards_[i].setCapacity(perShard);
}

UaCache::~UaCache() = default;

UaCache::Shard& UaCache::shardFor(std::string_view ua) {
    return shards_[std::hash<std::string_view>{}(ua) % shardCount_];
}

UaCache::ResultPtr UaCache::find(std::string_view ua) { return shardFor(ua).find(ua); }

void UaCache::insert(std::string_view ua, ResultPtr result) { shardFor(ua).insert(ua, std::move(result)); }

size_t UaCache::size() const {
    size_t n = 0;
    for (size_t i = 0; i < shardCount_; ++i) n += shards_[i].size();
    return n;
}

size_t UaCache::capacity() const {
    size_t n = 0;
    for (size_t i = 0; i < shardCount_; ++i) n += shards_[i].capacity();
    return n;
}

}  // namespace ipfacts::ua
