// CacheBackend: where cached bytes live. Callers (the host's response cache,
// later plugins through the SDK) know only this interface, so a shared
// backend (Redis) can take MemoryCache's place without touching them.
#pragma once

#include "host/cache/CacheStats.h"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::cache {

/// A value found in the cache.
struct CachedValue {
    std::string bytes;
    std::chrono::milliseconds age{0};  // time since it was stored: the response cache's Age header
};

class CacheBackend {
public:
    virtual ~CacheBackend() = default;

    /// The live value of `key` in namespace `ns`, or nullopt. Namespaces never
    /// share entries: the host passes the plugin's name, so plugins cannot
    /// read each other's. Thread-safe.
    virtual std::optional<CachedValue> get(std::string_view ns, std::string_view key) = 0;

    /// Stores `value` for `ttl`, replacing what `key` held. False when it is
    /// not stored (ttl not positive, value larger than the backend takes);
    /// the previous value is gone either way, so a stale one is never served. Thread-safe.
    virtual bool put(std::string_view ns, std::string_view key, std::string value, std::chrono::milliseconds ttl) = 0;

    /// Forgets `key`; true when it held a value. Thread-safe.
    virtual bool erase(std::string_view ns, std::string_view key) = 0;

    /// Counters since start. Thread-safe.
    virtual CacheStats stats() const = 0;
};

}  // namespace ipfacts::cache
