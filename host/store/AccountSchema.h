// AccountSchema: the account tables, as numbered steps of portable SQL
// (TEXT, BIGINT, primary keys, no engine-specific types) that the SQLite and
// the PostgreSQL account stores both migrate as owner "accounts". Each step is
// create-if-absent too, so a file the key store of an older build made (its
// api_keys table) migrates without a step of its own.
#pragma once

#include "host/store/SchemaMigrations.h"

namespace ipfacts::store {

struct SchemaStep {
    int version;
    const char* what;
    const char* sql;
};

inline constexpr SchemaStep kAccountSchema[] = {
    {1, "api keys (SHA-256 only)",
     "CREATE TABLE IF NOT EXISTS api_keys ("
     " key_hash TEXT PRIMARY KEY, account TEXT NOT NULL, created_at BIGINT NOT NULL, revoked_at BIGINT)"},
    {2, "change counters (the key cache reloads when 'keys' moves)",
     "CREATE TABLE IF NOT EXISTS store_changes (topic TEXT PRIMARY KEY, version BIGINT NOT NULL)"},
    {3, "the keys change counter",
     "INSERT INTO store_changes (topic, version) SELECT 'keys', 0"
     " WHERE NOT EXISTS (SELECT 1 FROM store_changes WHERE topic = 'keys')"},
    {4, "accounts (HMAC of the e-mail address, never the address)",
     "CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, email_hash TEXT NOT NULL UNIQUE,"
     " created_at BIGINT NOT NULL)"},
    {5, "requests per key per UTC day",
     "CREATE TABLE IF NOT EXISTS key_usage (key_id TEXT NOT NULL, day TEXT NOT NULL, requests BIGINT NOT NULL,"
     " last_used_at BIGINT NOT NULL, PRIMARY KEY (key_id, day))"},
    {6, "pending sign-in links (the only plain e-mail addresses, until used or expired)",
     "CREATE TABLE IF NOT EXISTS signin_links (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL,"
     " email_hash TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)"},
    {7, "sign-in sessions (SHA-256 of the cookie)",
     "CREATE TABLE IF NOT EXISTS signin_sessions (token_hash TEXT PRIMARY KEY, account TEXT NOT NULL,"
     " expires_at BIGINT NOT NULL)"},
    {8, "key names (what the owner calls each key; a rotated key keeps its name)",
     "CREATE TABLE IF NOT EXISTS key_names (key_id TEXT PRIMARY KEY, name TEXT NOT NULL)"},
};

/// What both stores select to fill a KeyRecord (hash, account, created,
/// revoked or 0, last used or 0), in that order; a WHERE/ORDER BY follows.
inline constexpr const char* kKeyColumns =
    "SELECT k.key_hash, k.account, k.created_at, COALESCE(k.revoked_at, 0),"
    " COALESCE((SELECT MAX(u.last_used_at) FROM key_usage u WHERE u.key_id = substr(k.key_hash, 1, 16)), 0)"
    " FROM api_keys k ";

/// kAccountSchema as the migration runner takes it.
inline SchemaMigrations accountMigrations() {
    SchemaMigrations m{"accounts", {}};
    for (const auto& step : kAccountSchema) m.steps.emplace_back(step.sql);
    return m;
}

}  // namespace ipfacts::store
