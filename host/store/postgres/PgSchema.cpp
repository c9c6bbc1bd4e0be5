#include "host/store/postgres/PgSchema.h"

namespace ipfacts::store {
namespace {

// Any constant: the lock every node's migration takes.
constexpr const char* kLockKey = "7264201303";

}  // namespace

int migrateSchema(PgConnection& db, const SchemaMigrations& m) {
    const int known = static_cast<int>(m.steps.size());
    db.run("BEGIN");
    try {
        db.exec((std::string("SELECT pg_advisory_xact_lock(") + kLockKey + ")").c_str());
        db.run("CREATE TABLE IF NOT EXISTS schema_version (owner TEXT PRIMARY KEY, version INTEGER NOT NULL)");
        auto r = db.exec("SELECT version FROM schema_version WHERE owner = $1", {PgParam::text(m.owner)});
        int version = r.rows() ? static_cast<int>(r.integer(0, 0)) : 0;
        if (version > known)
            throw std::runtime_error(m.owner + ": the database's schema is version " + std::to_string(version) +
                                     ", newer than this build's " + std::to_string(known));
        for (; version < known; ++version) db.run(m.steps[static_cast<size_t>(version)]);
        db.exec(
            "INSERT INTO schema_version (owner, version) VALUES ($1, $2) "
            "ON CONFLICT (owner) DO UPDATE SET version = excluded.version",
            {PgParam::text(m.owner), PgParam::integer(version)});
        db.run("COMMIT");
        return version;
    } catch (...) {
        try {
            db.run("ROLLBACK");
        } catch (...) {
        }
        throw;
    }
}

}  // namespace ipfacts::store
