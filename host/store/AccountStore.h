// AccountStore: the account data (host/account/README.md) behind one interface —
// accounts (known by a keyed hash of their e-mail address), their keys (only
// SHA-256 hashes), pending sign-in links (the one place a plain address
// lives, until the link is used or expires), sign-in sessions, and per-day
// request counts per key. Every call may block on the database: callers are
// worker threads, the key cache's refresher and the admin command, never an
// event loop. Implementations use plain portable SQL, so the SQLite one today
// and a PostgreSQL one later serve the same code above. Times are Unix seconds
// passed in by the caller (its clock may be a test's); days are "YYYY-MM-DD" UTC.
#pragma once

#include "host/store/KeyStore.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::store {

/// One key as the store keeps it.
struct KeyRecord {
    std::string id;    // first 16 hex of the hash: what the access log and the dashboard show
    std::string hash;  // SHA-256 of the key, hex
    std::string account;
    int64_t created_at = 0;
    int64_t revoked_at = 0;    // 0: live
    int64_t last_used_at = 0;  // 0: never (as far as the written-behind counts know)
};

/// A key's request counts.
struct KeyUsage {
    int64_t today = 0;
    int64_t month = 0;
};

/// What a pending sign-in link holds.
struct PendingLink {
    std::string email;       // plain: needed only to name the account's address; deleted with the row
    std::string email_hash;  // HMAC under the server secret
    int64_t expires_at = 0;
};

class AccountStore : public KeyStore {
public:
    virtual ~AccountStore() = default;

    // --- keys ------------------------------------------------------------------
    /// A number that changes whenever a key is added or revoked (by any node):
    /// the key cache reloads when it moves. Cheap: one row read.
    virtual int64_t keysVersion() = 0;
    /// Every live key (hash, id, account), for the key cache; `last_used_at`
    /// may be left 0 (the cache does not read it, and every node reloads this).
    virtual std::vector<KeyRecord> liveKeys() = 0;
    /// Every key of `account`, live and revoked, newest first.
    virtual std::vector<KeyRecord> keysOf(std::string_view account) = 0;
    /// Every key, newest first (the admin's list).
    virtual std::vector<KeyRecord> allKeys() = 0;
    virtual int liveKeyCount(std::string_view account) = 0;
    /// Adds a key for `account` unless it already holds `max_live` live keys; false then.
    virtual bool addKey(std::string_view hash, std::string_view account, int64_t now, int max_live) = 0;
    /// Revokes the live key `id`; of `account` only unless `account` is empty
    /// (the admin). False when no such live key.
    virtual bool revokeKey(std::string_view account, std::string_view id, int64_t now) = 0;
    /// Revokes `old_id` of `account` and adds `new_hash` in one transaction; false
    /// (and nothing changed) when `old_id` is not a live key of the account.
    virtual bool rotateKey(std::string_view account, std::string_view old_id, std::string_view new_hash,
                           int64_t now) = 0;
    /// Names the key `id` (what its owner calls it, shown on the dashboard); an empty
    /// `name` removes the name.
    virtual void nameKey(std::string_view id, std::string_view name) = 0;
    /// The names of `account`'s keys (key id → name); unnamed keys are absent.
    virtual std::map<std::string, std::string> keyNamesOf(std::string_view account) = 0;

    // --- usage -----------------------------------------------------------------
    /// Adds the counts of `counts` (key id → requests) to `day`; `now` becomes their last use.
    virtual void addUsage(std::string_view day, const std::map<std::string, int64_t>& counts, int64_t now) = 0;
    /// Usage of each key of `account` on `day` and in its month (key id → usage).
    virtual std::map<std::string, KeyUsage> usageOf(std::string_view account, std::string_view day) = 0;
    /// Requests of every key on `day` (key id → count), for the admin's list.
    virtual std::map<std::string, int64_t> usageOn(std::string_view day) = 0;

    // --- accounts, links, sessions ---------------------------------------------
    /// The account of `email_hash`, created when new.
    virtual std::string accountFor(std::string_view email_hash, int64_t now) = 0;
    virtual void addLink(std::string_view token_hash, std::string_view email, std::string_view email_hash, int64_t now,
                         int64_t expires_at) = 0;
    /// Uses the link: deletes its row and returns what it held, once; nullopt when
    /// unknown, already used or expired (an expired row is deleted too).
    virtual std::optional<PendingLink> takeLink(std::string_view token_hash, int64_t now) = 0;
    /// Whether the link would sign in now (known, not used, not expired); uses nothing.
    virtual bool linkUsable(std::string_view token_hash, int64_t now) = 0;
    /// Deletes expired links (and with them their plain addresses); returns how many.
    virtual int purgeExpiredLinks(int64_t now) = 0;
    virtual void addSession(std::string_view token_hash, std::string_view account, int64_t expires_at) = 0;
    /// The account signed in with `token_hash`, while the session lasts.
    virtual std::optional<std::string> sessionAccount(std::string_view token_hash, int64_t now) = 0;
    virtual void endSession(std::string_view token_hash) = 0;
};

/// "YYYY-MM-DD" (UTC) of Unix second `t`.
std::string utcDay(int64_t t);

}  // namespace ipfacts::store
