// SqliteStore: KvStore on the host's SQLite file (store.path, shared with the
// key store), in its own table plugin_kv. WAL mode; one connection behind a
// mutex with prepared statements kept; every write is one statement, so an
// increment is atomic without read-then-write (INSERT ... ON CONFLICT DO
// UPDATE ... RETURNING). Times are milliseconds from an injectable clock.
#pragma once

#include "host/store/KvStore.h"

#include <functional>
#include <memory>
#include <mutex>

struct sqlite3;
struct sqlite3_stmt;

namespace ipfacts::store {

class SqliteStore : public KvStore {
public:
    /// Wall-clock milliseconds since the epoch; tests pass a hand-driven one.
    using Clock = std::function<int64_t()>;
    static int64_t systemNowMs();

    /// Opens (creating when absent) `path`. Throws KvStoreError.
    explicit SqliteStore(const std::string& path, Clock clock = systemNowMs);
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    std::optional<std::string> get(std::string_view ns, std::string_view key) override;
    void put(std::string_view ns, std::string_view key, std::string_view value, int64_t ttl_ms) override;
    int64_t incr(std::string_view ns, std::string_view key, int64_t delta, int64_t ttl_ms) override;
    int64_t purge() override;

private:
    sqlite3_stmt* prepared(sqlite3_stmt*& slot, const char* sql);
    [[noreturn]] void fail(const char* what) const;

    Clock clock_;
    std::mutex mu_;
    sqlite3* db_ = nullptr;
    sqlite3_stmt* get_ = nullptr;
    sqlite3_stmt* put_ = nullptr;
    sqlite3_stmt* incr_ = nullptr;
    sqlite3_stmt* purge_ = nullptr;
};

}  // namespace ipfacts::store
