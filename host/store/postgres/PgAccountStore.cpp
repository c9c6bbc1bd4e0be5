#include "host/store/postgres/PgAccountStore.h"

#include "host/store/AccountSchema.h"
#include "host/store/ServerSecret.h"
#include "host/store/postgres/PgSchema.h"
#include "host/store/postgres/PgTransaction.h"

#include <chrono>

namespace ipfacts::store {
namespace {

int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::vector<KeyRecord> keysFrom(const PgResult& r) {
    std::vector<KeyRecord> out;
    for (int i = 0; i < r.rows(); ++i) {
        KeyRecord k;
        k.hash = r.text(i, 0);
        k.id = k.hash.substr(0, 16);
        k.account = r.text(i, 1);
        k.created_at = r.integer(i, 2);
        k.revoked_at = r.integer(i, 3);
        k.last_used_at = r.integer(i, 4);
        out.push_back(std::move(k));
    }
    return out;
}

/// `v` as one element of a PostgreSQL array literal: quoted, `"` and `\` escaped.
std::string arrayElement(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

void bumpKeysVersion(PgConnection& db) {
    db.exec("UPDATE store_changes SET version = version + 1 WHERE topic = 'keys'");
}

void insertKey(PgConnection& db, std::string_view hash, std::string_view account, int64_t now) {
    db.exec("INSERT INTO api_keys (key_hash, account, created_at) VALUES ($1, $2, $3)",
            {PgParam::text(hash), PgParam::text(account), PgParam::integer(now)});
    bumpKeysVersion(db);
}

/// Revokes the live key `id` (of `account`, or of anyone when empty).
bool revokeWhere(PgConnection& db, std::string_view account, std::string_view id, int64_t now) {
    auto r = db.exec(
        "UPDATE api_keys SET revoked_at = $1 WHERE substr(key_hash, 1, 16) = $2 AND revoked_at IS NULL"
        " AND ($3 = '' OR account = $3)",
        {PgParam::integer(now), PgParam::text(id), PgParam::text(account)});
    if (r.affected() == 0) return false;
    bumpKeysVersion(db);
    return true;
}

/// Serialises key changes of one account across nodes until the transaction
/// ends, so two nodes cannot both pass the live-key limit, and a retry waits
/// for the attempt before it to end (commit or roll back) before it looks.
void lockAccount(PgConnection& db, std::string_view account) {
    db.exec("SELECT pg_advisory_xact_lock(hashtext($1))", {PgParam::text(account)});
}

// A lost reply to COMMIT breaks the connection and PgPool::with runs the step
// again on a fresh one, not knowing whether the first attempt landed. Each
// step that changes keys therefore first looks for its own effect, written by
// the same transaction that made it: a new key's hash (fresh randomness, so
// nobody else's) or a revocation stamped with this very second. Found, the
// step answers as the first attempt would have.

/// The key `hash` is already a key of `account`: an earlier attempt of this add or rotate committed.
bool keyLanded(PgConnection& db, std::string_view hash, std::string_view account) {
    return db.exec("SELECT 1 FROM api_keys WHERE key_hash = $1 AND account = $2",
                   {PgParam::text(hash), PgParam::text(account)})
               .rows() > 0;
}

/// The key `id` (of `account`, or anyone's when empty) was revoked at `now`: an earlier attempt of this revoke
/// committed.
bool revocationLanded(PgConnection& db, std::string_view account, std::string_view id, int64_t now) {
    return db.exec(
                 "SELECT 1 FROM api_keys WHERE substr(key_hash, 1, 16) = $1 AND revoked_at = $2"
                 " AND ($3 = '' OR account = $3)",
                 {PgParam::text(id), PgParam::integer(now), PgParam::text(account)})
               .rows() > 0;
}

/// revokeWhere, answering true too when an earlier attempt of the same revoke committed.
bool revokeOnce(PgConnection& db, std::string_view account, std::string_view id, int64_t now) {
    lockAccount(db, account);
    return revokeWhere(db, account, id, now) || revocationLanded(db, account, id, now);
}

}  // namespace

PgAccountStore::PgAccountStore(std::shared_ptr<PgPool> pool) : pool_(std::move(pool)) {
    const SchemaMigrations m = accountMigrations();
    with([&](PgConnection& db) { return migrateSchema(db, m); });
}

// --- KeyStore ---------------------------------------------------------------------

std::optional<LiveKey> PgAccountStore::findLive(std::string_view key_hash) {
    return with([&](PgConnection& db) -> std::optional<LiveKey> {
        auto r = db.exec("SELECT account FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL",
                         {PgParam::text(key_hash)});
        if (!r.rows()) return std::nullopt;
        return LiveKey{std::string(key_hash.substr(0, 16)), r.text(0, 0)};
    });
}

void PgAccountStore::add(std::string_view key_hash, std::string_view account) {
    with([&](PgConnection& db) {
        PgTransaction tx(db);
        lockAccount(db, account);
        if (keyLanded(db, key_hash, account)) return 0;
        insertKey(db, key_hash, account, nowSeconds());
        tx.commit();
        return 0;
    });
}

bool PgAccountStore::revoke(std::string_view key_hash) {
    const int64_t now = nowSeconds();  // once: a retry looks for this stamp
    return with([&](PgConnection& db) {
        PgTransaction tx(db);
        bool done = revokeOnce(db, "", key_hash.substr(0, 16), now);
        tx.commit();
        return done;
    });
}

// --- keys -------------------------------------------------------------------------

int64_t PgAccountStore::keysVersion() {
    return with([](PgConnection& db) -> int64_t {
        auto r = db.exec("SELECT version FROM store_changes WHERE topic = 'keys'");
        return r.rows() ? r.integer(0, 0) : 0;
    });
}

std::vector<KeyRecord> PgAccountStore::liveKeys() {
    // Every node reloads this whenever a key changes anywhere: no last use (a
    // look-up in key_usage per key, 8 times the cost at 100,000 keys, which the
    // key cache does not read; docs/scaling.md).
    return with([](PgConnection& db) {
        return keysFrom(db.exec("SELECT key_hash, account, created_at, 0, 0 FROM api_keys WHERE revoked_at IS NULL"));
    });
}

std::vector<KeyRecord> PgAccountStore::keysOf(std::string_view account) {
    const std::string sql = std::string(kKeyColumns) + "WHERE k.account = $1 ORDER BY k.created_at DESC, k.key_hash";
    return with([&](PgConnection& db) { return keysFrom(db.exec(sql.c_str(), {PgParam::text(account)})); });
}

std::vector<KeyRecord> PgAccountStore::allKeys() {
    const std::string sql = std::string(kKeyColumns) + "ORDER BY k.created_at DESC, k.key_hash";
    return with([&](PgConnection& db) { return keysFrom(db.exec(sql.c_str())); });
}

int PgAccountStore::liveKeyCount(std::string_view account) {
    return with([&](PgConnection& db) {
        auto r = db.exec("SELECT COUNT(*) FROM api_keys WHERE account = $1 AND revoked_at IS NULL",
                         {PgParam::text(account)});
        return static_cast<int>(r.integer(0, 0));
    });
}

bool PgAccountStore::addKey(std::string_view hash, std::string_view account, int64_t now, int max_live) {
    return with([&](PgConnection& db) {
        PgTransaction tx(db);
        lockAccount(db, account);
        if (keyLanded(db, hash, account)) return true;
        auto count = db.exec("SELECT COUNT(*) FROM api_keys WHERE account = $1 AND revoked_at IS NULL",
                             {PgParam::text(account)});
        if (count.integer(0, 0) >= max_live) return false;
        insertKey(db, hash, account, now);
        tx.commit();
        return true;
    });
}

bool PgAccountStore::revokeKey(std::string_view account, std::string_view id, int64_t now) {
    return with([&](PgConnection& db) {
        PgTransaction tx(db);
        bool done = revokeOnce(db, account, id, now);
        tx.commit();
        return done;
    });
}

bool PgAccountStore::rotateKey(std::string_view account, std::string_view old_id, std::string_view new_hash,
                               int64_t now) {
    return with([&](PgConnection& db) {
        if (account.empty()) return false;
        PgTransaction tx(db);
        lockAccount(db, account);
        // The new key is there: the old one went in the same transaction.
        if (keyLanded(db, new_hash, account)) return true;
        if (!revokeWhere(db, account, old_id, now)) return false;
        insertKey(db, new_hash, account, now);
        db.exec("INSERT INTO key_names (key_id, name) SELECT $1, name FROM key_names WHERE key_id = $2",
                {PgParam::text(new_hash.substr(0, 16)), PgParam::text(old_id)});
        tx.commit();
        return true;
    });
}

void PgAccountStore::nameKey(std::string_view id, std::string_view name) {
    with([&](PgConnection& db) {
        if (name.empty())
            db.exec("DELETE FROM key_names WHERE key_id = $1", {PgParam::text(id)});
        else
            db.exec(
                "INSERT INTO key_names (key_id, name) VALUES ($1, $2)"
                " ON CONFLICT (key_id) DO UPDATE SET name = excluded.name",
                {PgParam::text(id), PgParam::text(name)});
        return 0;
    });
}

std::map<std::string, std::string> PgAccountStore::keyNamesOf(std::string_view account) {
    return with([&](PgConnection& db) {
        auto r = db.exec(
            "SELECT n.key_id, n.name FROM key_names n JOIN api_keys k ON substr(k.key_hash, 1, 16) = n.key_id"
            " WHERE k.account = $1",
            {PgParam::text(account)});
        std::map<std::string, std::string> out;
        for (int i = 0; i < r.rows(); ++i) out[r.text(i, 0)] = r.text(i, 1);
        return out;
    });
}

// --- usage ------------------------------------------------------------------------

void PgAccountStore::addUsage(std::string_view day, const std::map<std::string, int64_t>& counts, int64_t now) {
    if (counts.empty()) return;
    // One statement for every key, not one round trip each: every node writes
    // this every keys.refresh_ms, so it grows with nodes times keys in use
    // (docs/scaling.md).
    std::string ids = "{", requests = "{";
    for (const auto& [id, n] : counts) {
        ids += (ids.size() > 1 ? "," : "") + arrayElement(id);
        requests += (requests.size() > 1 ? "," : "") + std::to_string(n);
    }
    ids += "}";
    requests += "}";
    with([&](PgConnection& db) {
        db.exec(
            "INSERT INTO key_usage (key_id, day, requests, last_used_at)"
            " SELECT u.id, $1, u.n, $2 FROM unnest($3::text[], $4::bigint[]) AS u(id, n)"
            " ON CONFLICT (key_id, day) DO UPDATE SET requests = key_usage.requests + excluded.requests,"
            " last_used_at = excluded.last_used_at",
            {PgParam::text(day), PgParam::integer(now), PgParam::text(ids), PgParam::text(requests)});
        return 0;
    });
}

std::map<std::string, KeyUsage> PgAccountStore::usageOf(std::string_view account, std::string_view day) {
    const std::string month_start = std::string(day.substr(0, 8)) + "01";
    return with([&](PgConnection& db) {
        auto r = db.exec(
            "SELECT u.key_id, SUM(CASE WHEN u.day = $2 THEN u.requests ELSE 0 END), SUM(u.requests)"
            " FROM key_usage u JOIN api_keys k ON substr(k.key_hash, 1, 16) = u.key_id"
            " WHERE k.account = $1 AND u.day >= $3 AND u.day <= $2 GROUP BY u.key_id",
            {PgParam::text(account), PgParam::text(day), PgParam::text(month_start)});
        std::map<std::string, KeyUsage> out;
        for (int i = 0; i < r.rows(); ++i) out[r.text(i, 0)] = KeyUsage{r.integer(i, 1), r.integer(i, 2)};
        return out;
    });
}

std::map<std::string, int64_t> PgAccountStore::usageOn(std::string_view day) {
    return with([&](PgConnection& db) {
        auto r = db.exec("SELECT key_id, requests FROM key_usage WHERE day = $1", {PgParam::text(day)});
        std::map<std::string, int64_t> out;
        for (int i = 0; i < r.rows(); ++i) out[r.text(i, 0)] = r.integer(i, 1);
        return out;
    });
}

// --- accounts, links, sessions ----------------------------------------------------

std::string PgAccountStore::accountFor(std::string_view email_hash, int64_t now) {
    const std::string fresh = "acct_" + randomHex(8);
    return with([&](PgConnection& db) {
        // Two nodes signing in one address at once: the unique email_hash keeps one row.
        db.exec(
            "INSERT INTO accounts (id, email_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (email_hash) DO NOTHING",
            {PgParam::text(fresh), PgParam::text(email_hash), PgParam::integer(now)});
        return db.exec("SELECT id FROM accounts WHERE email_hash = $1", {PgParam::text(email_hash)}).text(0, 0);
    });
}

void PgAccountStore::addLink(std::string_view token_hash, std::string_view email, std::string_view email_hash,
                             int64_t now, int64_t expires_at) {
    with([&](PgConnection& db) {
        db.exec(
            "INSERT INTO signin_links (token_hash, email, email_hash, created_at, expires_at)"
            " VALUES ($1, $2, $3, $4, $5)",
            {PgParam::text(token_hash), PgParam::text(email), PgParam::text(email_hash), PgParam::integer(now),
             PgParam::integer(expires_at)});
        return 0;
    });
}

bool PgAccountStore::linkUsable(std::string_view token_hash, int64_t now) {
    return with([&](PgConnection& db) {
        return db.exec("SELECT 1 FROM signin_links WHERE token_hash = $1 AND expires_at > $2",
                       {PgParam::text(token_hash), PgParam::integer(now)})
                   .rows() > 0;
    });
}

std::optional<PendingLink> PgAccountStore::takeLink(std::string_view token_hash, int64_t now) {
    return with([&](PgConnection& db) -> std::optional<PendingLink> {
        // One statement reads and deletes: of two confirmations racing on any nodes, one wins.
        auto r = db.exec("DELETE FROM signin_links WHERE token_hash = $1 RETURNING email, email_hash, expires_at",
                         {PgParam::text(token_hash)});
        if (!r.rows()) return std::nullopt;
        PendingLink link{r.text(0, 0), r.text(0, 1), r.integer(0, 2)};
        if (link.expires_at <= now) return std::nullopt;
        return link;
    });
}

int PgAccountStore::purgeExpiredLinks(int64_t now) {
    return with([&](PgConnection& db) {
        auto r = db.exec("DELETE FROM signin_links WHERE expires_at <= $1", {PgParam::integer(now)});
        db.exec("DELETE FROM signin_sessions WHERE expires_at <= $1", {PgParam::integer(now)});
        return static_cast<int>(r.affected());
    });
}

void PgAccountStore::addSession(std::string_view token_hash, std::string_view account, int64_t expires_at) {
    with([&](PgConnection& db) {
        db.exec("INSERT INTO signin_sessions (token_hash, account, expires_at) VALUES ($1, $2, $3)",
                {PgParam::text(token_hash), PgParam::text(account), PgParam::integer(expires_at)});
        return 0;
    });
}

std::optional<std::string> PgAccountStore::sessionAccount(std::string_view token_hash, int64_t now) {
    return with([&](PgConnection& db) -> std::optional<std::string> {
        auto r = db.exec("SELECT account FROM signin_sessions WHERE token_hash = $1 AND expires_at > $2",
                         {PgParam::text(token_hash), PgParam::integer(now)});
        if (!r.rows()) return std::nullopt;
        return r.text(0, 0);
    });
}

void PgAccountStore::endSession(std::string_view token_hash) {
    with([&](PgConnection& db) {
        db.exec("DELETE FROM signin_sessions WHERE token_hash = $1", {PgParam::text(token_hash)});
        return 0;
    });
}

}  // namespace ipfacts::store
