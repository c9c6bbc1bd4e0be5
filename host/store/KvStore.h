// KvStore: durable, namespaced key/value rows for plugins (the store
// facility). Callers know only this interface, so a Redis or PostgreSQL
// backend can take SqliteStore's place later. Every call may block on disk
// or network: worker threads only.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ipfacts::store {

/// The backend failed (I/O, locked past its timeout, corrupt file).
struct KvStoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class KvStore {
public:
    virtual ~KvStore() = default;

    /// The live value of `key` in namespace `ns`; expired rows read as absent.
    /// A counter reads as its decimal text.
    virtual std::optional<std::string> get(std::string_view ns, std::string_view key) = 0;

    /// Stores `value` for ttl_ms milliseconds (0: no expiry), replacing the row.
    virtual void put(std::string_view ns, std::string_view key, std::string_view value, int64_t ttl_ms) = 0;

    /// Atomically adds `delta` and returns the new value. An absent or expired
    /// row starts from 0 with ttl_ms (0: no expiry); a live row keeps its expiry.
    virtual int64_t incr(std::string_view ns, std::string_view key, int64_t delta, int64_t ttl_ms) = 0;

    /// Deletes expired rows; returns how many.
    virtual int64_t purge() = 0;
};

}  // namespace ipfacts::store
