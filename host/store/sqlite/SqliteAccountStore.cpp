#include "host/store/sqlite/SqliteAccountStore.h"

#include "host/store/AccountSchema.h"
#include "host/store/ServerSecret.h"
#include "host/store/sqlite/SqliteFile.h"
#include "host/store/sqlite/SqliteSchema.h"
#include "host/store/sqlite/SqliteStatement.h"

#include <sqlite3.h>
#include <ipfacts/plugin.hpp>

#include <chrono>

namespace ipfacts::store {
namespace {

int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// BEGIN IMMEDIATE ... COMMIT, rolled back when left by an exception.
class Transaction {
public:
    explicit Transaction(sqlite3* db) : db_(db) { run("BEGIN IMMEDIATE"); }
    ~Transaction() {
        if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit() {
        run("COMMIT");
        done_ = true;
    }

private:
    void run(const char* sql) {
        if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
            throw StoreUnavailable(std::string("sqlite: ") + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    bool done_ = false;
};

}  // namespace

std::string utcDay(int64_t t) { return isoUtc(t * 1000).substr(0, 10); }

void SqliteAccountStore::Closer::operator()(sqlite3* db) const { sqlite3_close(db); }

SqliteAccountStore::SqliteAccountStore(const std::string& path) {
    std::string error;
    db_.reset(openSqliteFile(path, error));
    if (!db_) throw StoreUnavailable(error);
    // A deleted link's plain address is overwritten, not left in a free page.
    exec("PRAGMA secure_delete=ON");
    try {
        migrateSchema(db_.get(), accountMigrations());
    } catch (const std::runtime_error& e) {
        throw StoreUnavailable(e.what());
    }
}

void SqliteAccountStore::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_.get(), sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw StoreUnavailable("sqlite: " + msg);
    }
}

void SqliteAccountStore::bumpKeysVersion() {
    SqliteStatement(db_.get(), "UPDATE store_changes SET version = version + 1 WHERE topic = 'keys'").step();
}

void SqliteAccountStore::insertKey(std::string_view hash, std::string_view account, int64_t now) {
    SqliteStatement st(db_.get(), "INSERT INTO api_keys (key_hash, account, created_at) VALUES (?1, ?2, ?3)");
    st.bind(1, hash).bind(2, account).bind(3, now).step();
    bumpKeysVersion();
}

bool SqliteAccountStore::revokeWhere(std::string_view account, std::string_view id, int64_t now) {
    SqliteStatement st(db_.get(),
                       "UPDATE api_keys SET revoked_at = ?1 WHERE substr(key_hash, 1, 16) = ?2 AND revoked_at IS NULL"
                       " AND (?3 = '' OR account = ?3)");
    st.bind(1, now).bind(2, id).bind(3, account).step();
    if (sqlite3_changes(db_.get()) == 0) return false;
    bumpKeysVersion();
    return true;
}

std::vector<KeyRecord> SqliteAccountStore::selectKeys(const char* where, std::string_view arg) {
    SqliteStatement st(db_.get(), (std::string(kKeyColumns) + where).c_str());
    if (!arg.empty()) st.bind(1, arg);
    std::vector<KeyRecord> out;
    while (st.step()) {
        KeyRecord k;
        k.hash = st.text(0);
        k.id = k.hash.substr(0, 16);
        k.account = st.text(1);
        k.created_at = st.integer(2);
        k.revoked_at = st.integer(3);
        k.last_used_at = st.integer(4);
        out.push_back(std::move(k));
    }
    return out;
}

// --- KeyStore ---------------------------------------------------------------------

std::optional<LiveKey> SqliteAccountStore::findLive(std::string_view key_hash) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "SELECT account FROM api_keys WHERE key_hash = ?1 AND revoked_at IS NULL");
    st.bind(1, key_hash);
    if (!st.step()) return std::nullopt;
    return LiveKey{std::string(key_hash.substr(0, 16)), st.text(0)};
}

void SqliteAccountStore::add(std::string_view key_hash, std::string_view account) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());
    insertKey(key_hash, account, nowSeconds());
    tx.commit();
}

bool SqliteAccountStore::revoke(std::string_view key_hash) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());
    bool done = revokeWhere("", key_hash.substr(0, 16), nowSeconds());
    tx.commit();
    return done;
}

// --- keys -------------------------------------------------------------------------

int64_t SqliteAccountStore::keysVersion() {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "SELECT version FROM store_changes WHERE topic = 'keys'");
    return st.step() ? st.integer(0) : 0;
}

std::vector<KeyRecord> SqliteAccountStore::liveKeys() {
    std::lock_guard<std::mutex> lock(mu_);
    return selectKeys("WHERE k.revoked_at IS NULL", "");
}

std::vector<KeyRecord> SqliteAccountStore::keysOf(std::string_view account) {
    std::lock_guard<std::mutex> lock(mu_);
    return selectKeys("WHERE k.account = ?1 ORDER BY k.created_at DESC, k.key_hash", account);
}

std::vector<KeyRecord> SqliteAccountStore::allKeys() {
    std::lock_guard<std::mutex> lock(mu_);
    return selectKeys("ORDER BY k.created_at DESC, k.key_hash", "");
}

int SqliteAccountStore::liveKeyCount(std::string_view account) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "SELECT COUNT(*) FROM api_keys WHERE account = ?1 AND revoked_at IS NULL");
    st.bind(1, account);
    return st.step() ? static_cast<int>(st.integer(0)) : 0;
}

bool SqliteAccountStore::addKey(std::string_view hash, std::string_view account, int64_t now, int max_live) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());  // the count and the insert together: two tabs cannot pass 5 at once
    SqliteStatement count(db_.get(), "SELECT COUNT(*) FROM api_keys WHERE account = ?1 AND revoked_at IS NULL");
    count.bind(1, account);
    if (count.step() && count.integer(0) >= max_live) return false;
    insertKey(hash, account, now);
    tx.commit();
    return true;
}

bool SqliteAccountStore::revokeKey(std::string_view account, std::string_view id, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());
    bool done = revokeWhere(account, id, now);
    tx.commit();
    return done;
}

bool SqliteAccountStore::rotateKey(std::string_view account, std::string_view old_id, std::string_view new_hash,
                                   int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());
    if (account.empty() || !revokeWhere(account, old_id, now)) return false;
    insertKey(new_hash, account, now);
    SqliteStatement keep(db_.get(),
                         "INSERT INTO key_names (key_id, name) SELECT ?1, name FROM key_names WHERE key_id = ?2");
    keep.bind(1, new_hash.substr(0, 16)).bind(2, old_id).step();
    tx.commit();
    return true;
}

void SqliteAccountStore::nameKey(std::string_view id, std::string_view name) {
    std::lock_guard<std::mutex> lock(mu_);
    if (name.empty()) {
        SqliteStatement st(db_.get(), "DELETE FROM key_names WHERE key_id = ?1");
        st.bind(1, id).step();
        return;
    }
    SqliteStatement st(db_.get(),
                       "INSERT INTO key_names (key_id, name) VALUES (?1, ?2)"
                       " ON CONFLICT (key_id) DO UPDATE SET name = excluded.name");
    st.bind(1, id).bind(2, name).step();
}

std::map<std::string, std::string> SqliteAccountStore::keyNamesOf(std::string_view account) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(
        db_.get(),
        "SELECT n.key_id, n.name FROM key_names n JOIN api_keys k ON substr(k.key_hash, 1, 16) = n.key_id"
        " WHERE k.account = ?1");
    st.bind(1, account);
    std::map<std::string, std::string> out;
    while (st.step()) out[st.text(0)] = st.text(1);
    return out;
}

// --- usage ------------------------------------------------------------------------

void SqliteAccountStore::addUsage(std::string_view day, const std::map<std::string, int64_t>& counts, int64_t now) {
    if (counts.empty()) return;
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());
    for (const auto& [id, n] : counts) {
        SqliteStatement st(db_.get(),
                           "INSERT INTO key_usage (key_id, day, requests, last_used_at) VALUES (?1, ?2, ?3, ?4)"
                           " ON CONFLICT (key_id, day) DO UPDATE SET requests = key_usage.requests + excluded.requests,"
                           " last_used_at = excluded.last_used_at");
        st.bind(1, id).bind(2, day).bind(3, n).bind(4, now).step();
    }
    tx.commit();
}

std::map<std::string, KeyUsage> SqliteAccountStore::usageOf(std::string_view account, std::string_view day) {
    std::lock_guard<std::mutex> lock(mu_);
    const std::string month_start = std::string(day.substr(0, 8)) + "01";
    SqliteStatement st(db_.get(),
                       "SELECT u.key_id, SUM(CASE WHEN u.day = ?2 THEN u.requests ELSE 0 END), SUM(u.requests)"
                       " FROM key_usage u JOIN api_keys k ON substr(k.key_hash, 1, 16) = u.key_id"
                       " WHERE k.account = ?1 AND u.day >= ?3 AND u.day <= ?2 GROUP BY u.key_id");
    st.bind(1, account).bind(2, day).bind(3, month_start);
    std::map<std::string, KeyUsage> out;
    while (st.step()) out[st.text(0)] = KeyUsage{st.integer(1), st.integer(2)};
    return out;
}

std::map<std::string, int64_t> SqliteAccountStore::usageOn(std::string_view day) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "SELECT key_id, requests FROM key_usage WHERE day = ?1");
    st.bind(1, day);
    std::map<std::string, int64_t> out;
    while (st.step()) out[st.text(0)] = st.integer(1);
    return out;
}

// --- accounts, links, sessions ----------------------------------------------------

std::string SqliteAccountStore::accountFor(std::string_view email_hash, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());
    SqliteStatement find(db_.get(), "SELECT id FROM accounts WHERE email_hash = ?1");
    find.bind(1, email_hash);
    if (find.step()) return find.text(0);
    const std::string id = "acct_" + randomHex(8);
    SqliteStatement add(db_.get(), "INSERT INTO accounts (id, email_hash, created_at) VALUES (?1, ?2, ?3)");
    add.bind(1, id).bind(2, email_hash).bind(3, now).step();
    tx.commit();
    return id;
}

void SqliteAccountStore::addLink(std::string_view token_hash, std::string_view email, std::string_view email_hash,
                                 int64_t now, int64_t expires_at) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(),
                       "INSERT INTO signin_links (token_hash, email, email_hash, created_at, expires_at)"
                       " VALUES (?1, ?2, ?3, ?4, ?5)");
    st.bind(1, token_hash).bind(2, email).bind(3, email_hash).bind(4, now).bind(5, expires_at).step();
}

bool SqliteAccountStore::linkUsable(std::string_view token_hash, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "SELECT 1 FROM signin_links WHERE token_hash = ?1 AND expires_at > ?2");
    st.bind(1, token_hash).bind(2, now);
    return st.step();
}

std::optional<PendingLink> SqliteAccountStore::takeLink(std::string_view token_hash, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    Transaction tx(db_.get());  // read and delete as one: two confirmations race, one wins
    SqliteStatement find(db_.get(), "SELECT email, email_hash, expires_at FROM signin_links WHERE token_hash = ?1");
    find.bind(1, token_hash);
    if (!find.step()) return std::nullopt;
    PendingLink link{find.text(0), find.text(1), find.integer(2)};
    SqliteStatement del(db_.get(), "DELETE FROM signin_links WHERE token_hash = ?1");
    del.bind(1, token_hash).step();
    tx.commit();
    if (link.expires_at <= now) return std::nullopt;
    return link;
}

int SqliteAccountStore::purgeExpiredLinks(int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "DELETE FROM signin_links WHERE expires_at <= ?1");
    st.bind(1, now).step();
    int n = sqlite3_changes(db_.get());
    SqliteStatement(db_.get(), "DELETE FROM signin_sessions WHERE expires_at <= ?1").bind(1, now).step();
    // secure_delete zeroes a deleted address in the database pages, but the WAL frames that
    // wrote it remain until a checkpoint truncates the log: do it here, at least once a minute
    // (best effort: a reader of another connection may hold it back until the next time).
    sqlite3_wal_checkpoint_v2(db_.get(), nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    return n;
}

void SqliteAccountStore::addSession(std::string_view token_hash, std::string_view account, int64_t expires_at) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "INSERT INTO signin_sessions (token_hash, account, expires_at) VALUES (?1, ?2, ?3)");
    st.bind(1, token_hash).bind(2, account).bind(3, expires_at).step();
}

std::optional<std::string> SqliteAccountStore::sessionAccount(std::string_view token_hash, int64_t now) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement st(db_.get(), "SELECT account FROM signin_sessions WHERE token_hash = ?1 AND expires_at > ?2");
    st.bind(1, token_hash).bind(2, now);
    if (!st.step()) return std::nullopt;
    return st.text(0);
}

void SqliteAccountStore::endSession(std::string_view token_hash) {
    std::lock_guard<std::mutex> lock(mu_);
    SqliteStatement(db_.get(), "DELETE FROM signin_sessions WHERE token_hash = ?1").bind(1, token_hash).step();
}

}  // namespace ipfacts::store
