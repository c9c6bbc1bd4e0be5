// PgKvStore: the store facility's rows on PostgreSQL (store.backend:
// redis+postgres), shared by every node: the same semantics as SqliteStore
// (namespaced keys and values as bytes, TTLs in ms, atomic counters that read
// as their decimal text), in table plugin_kv.
#pragma once

#include "host/store/KvStore.h"
#include "host/store/postgres/PgPool.h"

#include <functional>
#include <memory>

namespace ipfacts::store {

class PgKvStore : public KvStore {
public:
    using Clock = std::function<int64_t()>;  // Unix ms
    /// Migrates the table on first use of `pool`. Throws KvStoreError.
    PgKvStore(std::shared_ptr<ipfacts::store::PgPool> pool, Clock clock);

    std::optional<std::string> get(std::string_view ns, std::string_view key) override;
    void put(std::string_view ns, std::string_view key, std::string_view value, int64_t ttl_ms) override;
    int64_t incr(std::string_view ns, std::string_view key, int64_t delta, int64_t ttl_ms) override;
    int64_t purge() override;

private:
    std::shared_ptr<ipfacts::store::PgPool> pool_;
    Clock clock_;
};

}  // namespace ipfacts::store
