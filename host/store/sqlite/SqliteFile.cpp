#include "host/store/sqlite/SqliteFile.h"

#include <sqlite3.h>

namespace ipfacts::store {

sqlite3* openSqliteFile(const std::string& path, std::string& error) {
    sqlite3* db = nullptr;
    int rc =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        error = "cannot open " + path + ": " + sqlite3_errstr(rc);
        sqlite3_close(db);
        return nullptr;
    }
    sqlite3_busy_timeout(db, 2000);  // the other connections write the same file
    char* err = nullptr;
    if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", nullptr, nullptr, &err) != SQLITE_OK) {
        error = "cannot prepare " + path + ": " + (err ? err : "unknown error");
        sqlite3_free(err);
        sqlite3_close(db);
        return nullptr;
    }
    return db;
}

}  // namespace ipfacts::store
