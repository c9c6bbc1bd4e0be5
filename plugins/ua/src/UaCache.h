// A bounded, thread-safe LRU of parse results keyed by the UA string.
#ifndef IPFACTS_UA_UA_CACHE_HPP
#define IPFACTS_UA_UA_CACHE_HPP

#include "UaResult.h"

#include <cstddef>
#include <memory>
#include <string_view>

namespace ipfacts::ua {

/// Parse results by UA string, least recently used evicted first. Split into
/// shards, each with its own mutex, so handlers on several threads seldom
/// wait on one another. Results are shared immutable values: a caller keeps
/// its pointer after the entry is evicted. All members are thread-safe.
class UaCache {
public:
    using ResultPtr = std::shared_ptr<const UaResult>;

    /// Holds at most about `capacity` entries (rounded up to whole shards);
    /// 0 disables caching.
    explicit UaCache(size_t capacity);
    ~UaCache();

    UaCache(const UaCache&) = delete;
    UaCache& operator=(const UaCache&) = delete;

    /// The cached result for `ua`, or null. A hit makes the entry most recent.
    ResultPtr find(std::string_view ua);

    /// Stores `result` for `ua`, evicting the shard's least recent entry
    /// when it is full. Replaces an entry already there.
    void insert(std::string_view ua, ResultPtr result);

    /// Entries held now, over all shards.
    size_t size() const;
    /// Most entries the cache holds.
    size_t capacity() const;

private:
    class Shard;

    Shard& shardFor(std::string_view ua);

    std::unique_ptr<Shard[]> shards_;
    size_t shardCount_ = 0;
};

}  // namespace ipfacts::ua

#endif
