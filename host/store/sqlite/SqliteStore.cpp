#include "host/store/sqlite/SqliteStore.h"

#include "host/store/sqlite/SqliteFile.h"

#include <sqlite3.h>

#include <chrono>

namespace ipfacts::store {
namespace {

/// Resets a statement when the call is over, whatever happened.
struct Reset {
    sqlite3_stmt* st;
    ~Reset() {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
    }
};

void bindText(sqlite3_stmt* st, int i, std::string_view v) {
    sqlite3_bind_text(st, i, v.data() ? v.data() : "", static_cast<int>(v.size()), SQLITE_TRANSIENT);
}

/// expires_at for a TTL: NULL (no expiry) when ttl_ms is 0.
void bindExpiry(sqlite3_stmt* st, int i, int64_t now, int64_t ttl_ms) {
    if (ttl_ms > 0)
        sqlite3_bind_int64(st, i, now + ttl_ms);
    else
        sqlite3_bind_null(st, i);
}

// Rows whose expires_at is at or before now are dead: never read, replaced on write.
constexpr const char* kGet =
    "SELECT value FROM plugin_kv WHERE ns = ?1 AND key = ?2 AND (expires_at IS NULL OR expires_at > ?3)";
constexpr const char* kPut =
    "INSERT INTO plugin_kv(ns, key, value, expires_at) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT(ns, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at";
// One statement: the conflict update reads the old row and writes the new one
// under SQLite's write lock, so concurrent increments never lose each other.
// Every SET expression sees the old row.
constexpr const char* kIncr =
    "INSERT INTO plugin_kv(ns, key, value, expires_at) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT(ns, key) DO UPDATE SET "
    "  value = CASE WHEN expires_at IS NOT NULL AND expires_at <= ?5 THEN excluded.value "
    "               ELSE CAST(value AS INTEGER) + excluded.value END, "
    "  expires_at = CASE WHEN expires_at IS NOT NULL AND expires_at <= ?5 THEN excluded.expires_at "
    "                    ELSE expires_at END "
    "RETURNING CAST(value AS INTEGER)";
constexpr const char* kPurge = "DELETE FROM plugin_kv WHERE expires_at IS NOT NULL AND expires_at <= ?1";

}  // namespace

int64_t SqliteStore::systemNowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

SqliteStore::SqliteStore(const std::string& path, Clock clock) : clock_(std::move(clock)) {
    std::string why;
    db_ = ipfacts::store::openSqliteFile(path, why);
    if (!db_) throw KvStoreError(why);
    char* err = nullptr;
    int rc = sqlite3_exec(
        db_,
        "CREATE TABLE IF NOT EXISTS plugin_kv ("
        "  ns TEXT NOT NULL,"  // the plugin's name
        "  key BLOB NOT NULL,"
        "  value BLOB NOT NULL,"  // bytes, or an INTEGER for counters
        "  expires_at INTEGER,"   // Unix ms; NULL: never
        "  PRIMARY KEY (ns, key)) WITHOUT ROWID;"
        "CREATE INDEX IF NOT EXISTS plugin_kv_expiry ON plugin_kv(expires_at) WHERE expires_at IS NOT NULL;",
        nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        sqlite3_close(db_);
        db_ = nullptr;
        throw KvStoreError("cannot prepare " + path + ": " + msg);
    }
}

SqliteStore::~SqliteStore() {
    for (sqlite3_stmt* st : {get_, put_, incr_, purge_}) sqlite3_finalize(st);
    sqlite3_close(db_);
}

void SqliteStore::fail(const char* what) const {
    throw KvStoreError(std::string("sqlite ") + what + ": " + sqlite3_errmsg(db_));
}

sqlite3_stmt* SqliteStore::prepared(sqlite3_stmt*& slot, const char* sql) {
    if (!slot && sqlite3_prepare_v2(db_, sql, -1, &slot, nullptr) != SQLITE_OK) fail("prepare");
    return slot;
}

std::optional<std::string> SqliteStore::get(std::string_view ns, std::string_view key) {
    std::lock_guard<std::mutex> lock(mu_);
    sqlite3_stmt* st = prepared(get_, kGet);
    Reset reset{st};
    bindText(st, 1, ns);
    sqlite3_bind_blob(st, 2, key.data() ? key.data() : "", static_cast<int>(key.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 3, clock_());
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE) return std::nullopt;
    if (rc != SQLITE_ROW) fail("get");
    // Integers (counters) come back as their decimal text, bytes as stored.
    const void* p = sqlite3_column_type(st, 0) == SQLITE_INTEGER ? static_cast<const void*>(sqlite3_column_text(st, 0))
                                                                 : sqlite3_column_blob(st, 0);
    int n = sqlite3_column_bytes(st, 0);
    return std::string(static_cast<const char*>(p ? p : ""), static_cast<size_t>(n));
}

void SqliteStore::put(std::string_view ns, std::string_view key, std::string_view value, int64_t ttl_ms) {
    std::lock_guard<std::mutex> lock(mu_);
    sqlite3_stmt* st = prepared(put_, kPut);
    Reset reset{st};
    bindText(st, 1, ns);
    sqlite3_bind_blob(st, 2, key.data() ? key.data() : "", static_cast<int>(key.size()), SQLITE_TRANSIENT);
    sqlite3_bind_blob(st, 3, value.data() ? value.data() : "", static_cast<int>(value.size()), SQLITE_TRANSIENT);
    bindExpiry(st, 4, clock_(), ttl_ms);
    if (sqlite3_step(st) != SQLITE_DONE) fail("put");
}

int64_t SqliteStore::incr(std::string_view ns, std::string_view key, int64_t delta, int64_t ttl_ms) {
    std::lock_guard<std::mutex> lock(mu_);
    sqlite3_stmt* st = prepared(incr_, kIncr);
    Reset reset{st};
    const int64_t now = clock_();
    bindText(st, 1, ns);
    sqlite3_bind_blob(st, 2, key.data() ? key.data() : "", static_cast<int>(key.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 3, delta);
    bindExpiry(st, 4, now, ttl_ms);
    sqlite3_bind_int64(st, 5, now);
    if (sqlite3_step(st) != SQLITE_ROW) fail("incr");
    int64_t v = sqlite3_column_int64(st, 0);
    if (sqlite3_step(st) != SQLITE_DONE) fail("incr");  // RETURNING: the write completes on the last step
    return v;
}

int64_t SqliteStore::purge() {
    std::lock_guard<std::mutex> lock(mu_);
    sqlite3_stmt* st = prepared(purge_, kPurge);
    Reset reset{st};
    sqlite3_bind_int64(st, 1, clock_());
    if (sqlite3_step(st) != SQLITE_DONE) fail("purge");
    return sqlite3_changes(db_);
}

}  // namespace ipfacts::store
