// SchemaMigrations: one owner's numbered schema steps (the key store, the
// store facility, the status history, the rate counters...), applied by the
// host at start past the version the store's schema_version table records
// for that owner: SqliteSchema for the SQLite file, PgSchema for PostgreSQL.
// An owner adopts it in one line: migrateSchema(db, {"owner", {step1, ...}}).
#pragma once

#include <string>
#include <vector>

namespace ipfacts::store {

/// steps[i] takes the owner's tables from version i to i + 1. Steps are only
/// ever appended; a released step is never edited.
struct SchemaMigrations {
    std::string owner;               // "rate_counts", "api_keys"...
    std::vector<std::string> steps;  // SQL, one or more statements each
};

}  // namespace ipfacts::store
