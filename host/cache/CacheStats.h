// CacheStats: what a cache backend reports about itself.
#pragma once

#include <cstdint>

namespace ipfacts::cache {

struct CacheStats {
    uint64_t entries = 0;
    uint64_t bytes = 0;  // accounted size: keys, values and a fixed overhead per entry
    uint64_t hits = 0;
    uint64_t misses = 0;       // an expired entry found is a miss
    uint64_t evictions = 0;    // live entries dropped to stay within the size bound
    uint64_t expirations = 0;  // expired entries dropped (when found, or when their room was needed)

    CacheStats& operator+=(const CacheStats& o) {
        entries += o.entries;
        bytes += o.bytes;
        hits += o.hits;
        misses += o.misses;
        evictions += o.evictions;
        expirations += o.expirations;
        return *this;
    }
};

}  // namespace ipfacts::cache
