#include "host/store/postgres/PgKvStore.h"

#include "host/store/postgres/PgSchema.h"

namespace ipfacts::store {
namespace {

using ipfacts::store::PgConnection;
using ipfacts::store::PgParam;

const ipfacts::store::SchemaMigrations kMigrations{
    "plugin_kv",
    {
        // 1: bytes in `value`, or a counter in `counter`; expires_at Unix ms, NULL: never.
        "CREATE TABLE plugin_kv (ns TEXT NOT NULL, key BYTEA NOT NULL, value BYTEA, counter BIGINT,"
        " expires_at BIGINT, PRIMARY KEY (ns, key));"
        "CREATE INDEX plugin_kv_expiry ON plugin_kv (expires_at) WHERE expires_at IS NOT NULL",
    }};

PgParam expiry(int64_t now, int64_t ttl_ms) { return ttl_ms > 0 ? PgParam::integer(now + ttl_ms) : PgParam::null(); }

// A row whose expires_at is at or before now is dead: never read, replaced on write.
constexpr const char* kGet =
    "SELECT value, counter FROM plugin_kv WHERE ns = $1 AND key = $2 AND (expires_at IS NULL OR expires_at > $3)";
constexpr const char* kPut =
    "INSERT INTO plugin_kv (ns, key, value, counter, expires_at) VALUES ($1, $2, $3, NULL, $4) "
    "ON CONFLICT (ns, key) DO UPDATE SET value = excluded.value, counter = NULL, expires_at = excluded.expires_at";
// One statement: the conflict update reads and writes the row under its row
// lock, so concurrent increments from every node never lose each other. A
// value stored as digits counts on from its number, as in SQLite.
constexpr const char* kIncr =
    "INSERT INTO plugin_kv AS t (ns, key, value, counter, expires_at) VALUES ($1, $2, NULL, $3, $4) "
    "ON CONFLICT (ns, key) DO UPDATE SET "
    "  counter = CASE WHEN t.expires_at IS NOT NULL AND t.expires_at <= $5 THEN excluded.counter "
    "                 ELSE COALESCE(t.counter, CASE WHEN encode(t.value, 'escape') ~ '^-?[0-9]{1,18}$' "
    "                      THEN encode(t.value, 'escape')::BIGINT ELSE 0 END) + excluded.counter END, "
    "  value = NULL, "
    "  expires_at = CASE WHEN t.expires_at IS NOT NULL AND t.expires_at <= $5 THEN excluded.expires_at "
    "                    ELSE t.expires_at END "
    "RETURNING counter";
constexpr const char* kPurge = "DELETE FROM plugin_kv WHERE expires_at IS NOT NULL AND expires_at <= $1";

}  // namespace

PgKvStore::PgKvStore(std::shared_ptr<ipfacts::store::PgPool> pool, Clock clock)
    : pool_(std::move(pool)), clock_(std::move(clock)) {
    pool_->withOr<KvStoreError>("", [](PgConnection& db) { return ipfacts::store::migrateSchema(db, kMigrations); });
}

std::optional<std::string> PgKvStore::get(std::string_view ns, std::string_view key) {
    const int64_t now = clock_();
    return pool_->withOr<KvStoreError>("", [&](PgConnection& db) -> std::optional<std::string> {
        auto r = db.exec(kGet, {PgParam::text(ns), PgParam::bytes(key), PgParam::integer(now)});
        if (!r.rows()) return std::nullopt;
        // Counters come back as their decimal text, bytes as stored.
        return r.isNull(0, 1) ? r.bytes(0, 0) : r.text(0, 1);
    });
}

void PgKvStore::put(std::string_view ns, std::string_view key, std::string_view value, int64_t ttl_ms) {
    const int64_t now = clock_();
    pool_->withOr<KvStoreError>("", [&](PgConnection& db) {
        db.exec(kPut, {PgParam::text(ns), PgParam::bytes(key), PgParam::bytes(value), expiry(now, ttl_ms)});
        return 0;
    });
}

int64_t PgKvStore::incr(std::string_view ns, std::string_view key, int64_t delta, int64_t ttl_ms) {
    const int64_t now = clock_();
    return pool_->withOr<KvStoreError>("", [&](PgConnection& db) {
        return db
            .exec(kIncr, {PgParam::text(ns), PgParam::bytes(key), PgParam::integer(delta), expiry(now, ttl_ms),
                          PgParam::integer(now)})
            .integer(0, 0);
    });
}

int64_t PgKvStore::purge() {
    const int64_t now = clock_();
    return pool_->withOr<KvStoreError>(
        "", [&](PgConnection& db) { return db.exec(kPurge, {PgParam::integer(now)}).affected(); });
}

}  // namespace ipfacts::store
