// SqliteStatement: a prepared statement finalised on scope exit, with the few
// binds and reads the stores use; every failure is StoreUnavailable.
#pragma once

#include "host/store/KeyStore.h"

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace ipfacts::store {

class SqliteStatement {
public:
    SqliteStatement(sqlite3* db, const char* sql) {
        if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
            throw StoreUnavailable(std::string("sqlite: ") + sqlite3_errmsg(db));
    }
    ~SqliteStatement() { sqlite3_finalize(st_); }
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    SqliteStatement& bind(int i, std::string_view v) {
        sqlite3_bind_text(st_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    SqliteStatement& bind(int i, int64_t v) {
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
    int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }

private:
    sqlite3_stmt* st_ = nullptr;
};

}  // namespace ipfacts::store
