#include "host/store/sqlite/SqliteSchema.h"

#include <sqlite3.h>

#include <stdexcept>

namespace ipfacts::store {
namespace {

void exec(sqlite3* db, const std::string& sql, const std::string& what) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) == SQLITE_OK) return;
    std::string msg = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    throw std::runtime_error(what + ": " + msg);
}

int recordedVersion(sqlite3* db, const std::string& owner) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT version FROM schema_version WHERE owner = ?1", -1, &st, nullptr) != SQLITE_OK)
        throw std::runtime_error("schema_version: " + std::string(sqlite3_errmsg(db)));
    sqlite3_bind_text(st, 1, owner.data(), static_cast<int>(owner.size()), SQLITE_TRANSIENT);
    int version = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    return version;
}

void recordVersion(sqlite3* db, const std::string& owner, int version) {
    sqlite3_stmt* st = nullptr;
    const char* sql =
        "INSERT INTO schema_version (owner, version) VALUES (?1, ?2) "
        "ON CONFLICT(owner) DO UPDATE SET version = excluded.version";
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK)
        throw std::runtime_error("schema_version: " + std::string(sqlite3_errmsg(db)));
    sqlite3_bind_text(st, 1, owner.data(), static_cast<int>(owner.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, version);
    const int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) throw std::runtime_error(owner + ": version: " + sqlite3_errmsg(db));
}

}  // namespace

int migrateSchema(sqlite3* db, const SchemaMigrations& m) {
    exec(db, "CREATE TABLE IF NOT EXISTS schema_version (owner TEXT PRIMARY KEY, version INTEGER NOT NULL)",
         "schema_version");
    const int known = static_cast<int>(m.steps.size());
    // IMMEDIATE: two processes starting at once (ipfactsd and the admin
    // command) read and bump the version one after the other.
    exec(db, "BEGIN IMMEDIATE", m.owner + ": begin");
    try {
        int version = recordedVersion(db, m.owner);
        if (version > known)
            throw std::runtime_error(m.owner + ": the file's schema is version " + std::to_string(version) +
                                     ", newer than this build's " + std::to_string(known));
        for (; version < known; ++version)
            exec(db, m.steps[static_cast<size_t>(version)],
                 m.owner + ": migration step " + std::to_string(version + 1));
        recordVersion(db, m.owner, version);
        exec(db, "COMMIT", m.owner + ": commit");
        return version;
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

}  // namespace ipfacts::store
