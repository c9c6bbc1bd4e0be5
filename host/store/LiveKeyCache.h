// LiveKeyCache: the live keys' hashes in memory, so a keyed request is checked
// on the event loop without touching the database. A thread of its own asks
// the store every `refresh_ms` for its keys version (one row) and reloads the
// whole set when it moved, so a key revoked on any node stops working within
// refresh_ms plus one reload everywhere. The same thread writes the requests
// counted per key behind, as per-day counts (the request path only bumps an
// atomic counter). Lookups read an immutable snapshot: no lock on the request path.
#pragma once

#include "host/store/AccountStore.h"
#include "host/store/StoreFailureLog.h"

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

namespace ipfacts::store {

/// A live key as the cache holds it.
struct CachedKey {
    std::string id;
    std::string account;
    mutable std::atomic<int64_t> unwritten{0};  // requests counted, not yet written to the store

    /// Counts one request made with this key. Any thread, lock-free.
    void countRequest() const { unwritten.fetch_add(1, std::memory_order_relaxed); }
};

class LiveKeyCache {
public:
    /// `now` gives Unix seconds (the account clock: usage days follow it).
    LiveKeyCache(AccountStore& store, std::function<int64_t()> now, unsigned refresh_ms);
    ~LiveKeyCache();
    LiveKeyCache(const LiveKeyCache&) = delete;
    LiveKeyCache& operator=(const LiveKeyCache&) = delete;

    /// Loads the keys once (logs, and leaves the cache unloaded, when the store
    /// cannot answer) and starts the refresher.
    void start();
    /// Stops the refresher and writes the last counts. Idempotent.
    void stop();

    /// The live key `key` (as the caller sent it); null when unknown or revoked.
    /// Hashes it (SHA-256) and looks the digest up: no allocation, no lock. Any
    /// thread, never blocks.
    std::shared_ptr<const CachedKey> findKey(std::string_view key) const;
    /// False until a load succeeded: keys cannot be told apart yet.
    bool loaded() const { return loaded_.load(); }
    int64_t version() const { return version_.load(); }
    size_t size() const;

    /// Reloads now if the store's version moved (after a change this node made:
    /// the old key stops at once here). Blocks on the store: workers only.
    void refreshNow();
    /// Writes the counted requests now. Blocks on the store: workers only.
    void flushUsage();
    /// Requests of key `id` counted and not yet written (the dashboard adds them).
    int64_t unwritten(std::string_view id) const;

private:
    using Digest = std::array<unsigned char, 32>;  // a key's SHA-256, raw
    struct DigestHash {
        size_t operator()(const Digest& d) const;  // its first bytes: a digest is uniformly random
    };
    /// One load of the live keys: by digest (lookups) and by id (the dashboard's unwritten counts).
    struct Snapshot {
        std::unordered_map<Digest, std::shared_ptr<const CachedKey>, DigestHash> by_hash;
        std::unordered_map<std::string, std::shared_ptr<const CachedKey>> by_id;
    };
    void reloadIfMoved();
    void run();
    /// The current snapshot as this thread last saw it, taken again only when a
    /// reload moved generation_: no lock and no shared reference count per lookup.
    const Snapshot& current() const;

    AccountStore& store_;
    std::function<int64_t()> now_;
    unsigned refresh_ms_;
    std::shared_ptr<const Snapshot> snapshot_;  // read with std::atomic_load
    std::atomic<uint64_t> generation_{0};       // moves after each new snapshot is stored
    const uint64_t instance_;                   // unique per cache: a thread's memory of another (or a
                                                // destroyed one at the same address) is never taken for this one
    std::atomic<bool> loaded_{false};
    std::atomic<int64_t> version_{-1};

    std::mutex reload_mu_;                                   // one reload or flush at a time (the refresher, a worker)
    std::vector<std::shared_ptr<const CachedKey>> retired_;  // revoked since the last flush: counts still to write
    std::map<std::string, int64_t> failed_;                  // counts a failed write keeps for the next one
    StoreFailureLog usage_failures_{"key usage"};            // under reload_mu_: once, then a summary a minute
    StoreFailureLog reload_failures_{"key cache"};           // under reload_mu_, likewise

    std::mutex stop_mu_;
    std::condition_variable stop_cv_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace ipfacts::store
