// PgSchema: versioned migrations on PostgreSQL, as SqliteSchema does for the
// SQLite file: the schema_version table, one row per owner; each owner's
// steps past its version run in one transaction with the bump, under an
// advisory lock, so nodes starting together migrate once.
#pragma once

#include "host/store/SchemaMigrations.h"
#include "host/store/postgres/PgConnection.h"

namespace ipfacts::store {

/// Applies the steps of `m` the database has not had; returns the owner's
/// version now. Throws PgError, or std::runtime_error when the database
/// records a version newer than this build knows.
int migrateSchema(PgConnection& db, const SchemaMigrations& m);

}  // namespace ipfacts::store
