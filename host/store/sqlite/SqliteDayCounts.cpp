#include "host/store/sqlite/SqliteDayCounts.h"

#include "host/store/sqlite/SqliteFile.h"
#include "host/store/sqlite/SqliteSchema.h"

#include <sqlite3.h>

#include <cstring>
#include <stdexcept>

namespace ipfacts::store {
namespace {

const SchemaMigrations kMigrations{
    "rate_counts",
    {
        // 1: a caller's count in one rate class on one UTC day. `counter` is
        // the limiter's 18-byte key: class, kind, address block or key id.
        "CREATE TABLE rate_counts (day INTEGER NOT NULL, counter BLOB NOT NULL, count INTEGER NOT NULL,"
        " PRIMARY KEY (day, counter)) WITHOUT ROWID",
    }};

/// A prepared statement, finalised on scope exit; errors throw with the file's message.
class Statement {
public:
    Statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK) fail();
    }
    ~Statement() { sqlite3_finalize(st_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    sqlite3_stmt* get() { return st_; }
    /// Steps once; true when a row is available.
    bool step() {
        const int rc = sqlite3_step(st_);
        if (rc == SQLITE_ROW) return true;
        if (rc != SQLITE_DONE) fail();
        return false;
    }
    void reset() {
        sqlite3_reset(st_);
        sqlite3_clear_bindings(st_);
    }
    [[noreturn]] void fail() const { throw std::runtime_error(std::string("rate_counts: ") + sqlite3_errmsg(db_)); }

private:
    sqlite3* db_;
    sqlite3_stmt* st_ = nullptr;
};

void exec(sqlite3* db, const char* sql) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("rate_counts: ") + sqlite3_errmsg(db));
}

}  // namespace

void SqliteDayCounts::Closer::operator()(sqlite3* db) const { sqlite3_close(db); }

SqliteDayCounts::SqliteDayCounts(const std::string& path) {
    std::string error;
    db_.reset(openSqliteFile(path, error));
    if (!db_) throw std::runtime_error(error);
    migrateSchema(db_.get(), kMigrations);
}

std::vector<ratelimit::DayCount> SqliteDayCounts::load(int64_t day) {
    Statement st(db_.get(), "SELECT counter, count FROM rate_counts WHERE day = ?1");
    sqlite3_bind_int64(st.get(), 1, day);
    std::vector<ratelimit::DayCount> out;
    while (st.step()) {
        ratelimit::DayCount c;
        // A row of another size is not one this build wrote: skipped.
        if (sqlite3_column_bytes(st.get(), 0) != static_cast<int>(c.key.bytes.size())) continue;
        std::memcpy(c.key.bytes.data(), sqlite3_column_blob(st.get(), 0), c.key.bytes.size());
        if (c.key.bytes[1] == 0) continue;  // kind 0 marks an empty slot in the limiter
        c.count = static_cast<uint32_t>(sqlite3_column_int64(st.get(), 1));
        out.push_back(c);
    }
    return out;
}

void SqliteDayCounts::save(int64_t day, const std::vector<ratelimit::DayCount>& counts) {
    sqlite3* db = db_.get();
    exec(db, "BEGIN");
    try {
        Statement put(db,
                      "INSERT INTO rate_counts (day, counter, count) VALUES (?1, ?2, ?3) "
                      "ON CONFLICT (day, counter) DO UPDATE SET count = max(count, excluded.count)");
        for (const auto& c : counts) {
            sqlite3_bind_int64(put.get(), 1, day);
            sqlite3_bind_blob(put.get(), 2, c.key.bytes.data(), static_cast<int>(c.key.bytes.size()), SQLITE_STATIC);
            sqlite3_bind_int64(put.get(), 3, c.count);
            put.step();
            put.reset();
        }
        if (pruned_before_ < day) {
            Statement prune(db, "DELETE FROM rate_counts WHERE day < ?1");
            sqlite3_bind_int64(prune.get(), 1, day);
            prune.step();
        }
        exec(db, "COMMIT");
        pruned_before_ = day;
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

}  // namespace ipfacts::store
