// SqliteSchema: versioned migrations of the host's SQLite file. Each owner of
// tables (the key store, the store facility, the status history, the rate
// counters...) lists its numbered steps once; at start the host applies the
// steps past the version the schema_version table records for that owner,
// each in one transaction with its version bump, so a file made by an older
// build is brought forward and a newer file is never downgraded.
#pragma once

#include "host/store/SchemaMigrations.h"

struct sqlite3;

namespace ipfacts::store {

/// Applies the steps of `m` that `db` has not had; returns the owner's version
/// now. Throws std::runtime_error (with the owner and step) when a step fails
/// or the file records a version newer than this build knows.
int migrateSchema(sqlite3* db, const SchemaMigrations& m);

}  // namespace ipfacts::store
