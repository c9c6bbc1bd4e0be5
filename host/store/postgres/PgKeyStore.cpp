#include "host/store/postgres/PgKeyStore.h"

#include "host/store/postgres/PgSchema.h"

#include <chrono>

namespace ipfacts::store {
namespace {

const SchemaMigrations kMigrations{"api_keys",
                                   {
                                       // 1: the SHA-256 of each key (hex); the key itself is never stored.
                                       "CREATE TABLE api_keys (key_hash TEXT PRIMARY KEY, account TEXT NOT NULL,"
                                       " created_at BIGINT NOT NULL, revoked_at BIGINT)",
                                   }};

int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

PgKeyStore::PgKeyStore(std::shared_ptr<PgPool> pool) : pool_(std::move(pool)) {
    pool_->withOr<StoreUnavailable>("", [](PgConnection& db) { return migrateSchema(db, kMigrations); });
}

std::optional<LiveKey> PgKeyStore::findLive(std::string_view key_hash) {
    return pool_->withOr<StoreUnavailable>("", [&](PgConnection& db) -> std::optional<LiveKey> {
        auto r = db.exec("SELECT account FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL",
                         {PgParam::text(key_hash)});
        if (!r.rows()) return std::nullopt;
        return LiveKey{std::string(key_hash.substr(0, 16)), r.text(0, 0)};
    });
}

void PgKeyStore::add(std::string_view key_hash, std::string_view account) {
    pool_->withOr<StoreUnavailable>("", [&](PgConnection& db) {
        db.exec("INSERT INTO api_keys (key_hash, account, created_at) VALUES ($1, $2, $3)",
                {PgParam::text(key_hash), PgParam::text(account), PgParam::integer(nowSeconds())});
        return 0;
    });
}

bool PgKeyStore::revoke(std::string_view key_hash) {
    return pool_->withOr<StoreUnavailable>("", [&](PgConnection& db) {
        return db.exec("UPDATE api_keys SET revoked_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL",
                       {PgParam::integer(nowSeconds()), PgParam::text(key_hash)})
                   .affected() > 0;
    });
}

}  // namespace ipfacts::store
