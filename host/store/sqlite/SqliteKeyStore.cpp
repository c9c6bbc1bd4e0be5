#include "host/store/sqlite/SqliteKeyStore.h"

#include <sqlite3.h>

#include <chrono>

namespace ipfacts::store {
namespace {

/// A prepared statement, finalised on scope exit.
class Statement {
public:
    Statement(sqlite3* db, const char* sql) {
        if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
            throw StoreUnavailable(std::string("sqlite: ") + sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(st_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, std::string_view v) {
        sqlite3_bind_text(st_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind(int i, int64_t v) {
        sqlite3_bind_int64(st_, i, v);
        return *this;
    }
    /// Steps once; true when a row is available.
    bool step() {
        int rc = sqlite3_step(st_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw StoreUnavailable(std::string("sqlite: ") + sqlite3_errmsg(sqlite3_db_handle(st_)));
    }
    std::string text(int col) const {
        auto p = sqlite3_column_text(st_, col);
        return p ? reinterpret_cast<const char*>(p) : "";
    }

private:
    sqlite3_stmt* st_ = nullptr;
};

int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

void SqliteKeyStore::Closer::operator()(sqlite3* db) const { sqlite3_close(db); }

SqliteKeyStore::SqliteKeyStore(const std::string& path) {
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                             nullptr);
    db_.reset(raw);
    if (rc != SQLITE_OK) throw StoreUnavailable("cannot open " + path + ": " + sqlite3_errstr(rc));
    sqlite3_busy_timeout(raw, 2000);
    char* err = nullptr;
    rc = sqlite3_exec(raw,
                      "PRAGMA journal_mode=WAL;"
                      "CREATE TABLE IF NOT EXISTS api_keys ("
                      "  key_hash TEXT PRIMARY KEY,"  // SHA-256 of the key, hex; the key itself is never stored
                      "  account TEXT NOT NULL,"
                      "  created_at INTEGER NOT NULL,"
                      "  revoked_at INTEGER)",
                      nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw StoreUnavailable("cannot prepare " + path + ": " + msg);
    }
}

std::optional<LiveKey> SqliteKeyStore::findLive(std::string_view key_hash) {
    std::lock_guard<std::mutex> lock(mu_);
    Statement st(db_.get(), "SELECT account FROM api_keys WHERE key_hash = ?1 AND revoked_at IS NULL");
    st.bind(1, key_hash);
    if (!st.step()) return std::nullopt;
    return LiveKey{std::string(key_hash.substr(0, 16)), st.text(0)};
}

void SqliteKeyStore::add(std::string_view key_hash, std::string_view account) {
    std::lock_guard<std::mutex> lock(mu_);
    Statement st(db_.get(), "INSERT INTO api_keys (key_hash, account, created_at) VALUES (?1, ?2, ?3)");
    st.bind(1, key_hash).bind(2, account).bind(3, nowSeconds());
    st.step();
}

bool SqliteKeyStore::revoke(std::string_view key_hash) {
    std::lock_guard<std::mutex> lock(mu_);
    Statement st(db_.get(), "UPDATE api_keys SET revoked_at = ?1 WHERE key_hash = ?2 AND revoked_at IS NULL");
    st.bind(1, nowSeconds()).bind(2, key_hash);
    st.step();
    return sqlite3_changes(db_.get()) > 0;
}

}  // namespace ipfacts::store
