// PgAccountStore: keys, accounts, sign-in links, sessions and usage on
// PostgreSQL (store.backend: redis+postgres), shared by every node: a key
// added or revoked through one node (or the admin command) moves the keys
// version every node's key cache watches. The same tables and steps as the
// SQLite store (host/store/AccountSchema.h), migrated as owner "accounts".
#pragma once

#include "host/store/AccountStore.h"
#include "host/store/postgres/PgPool.h"

#include <memory>

namespace ipfacts::store {

class PgAccountStore : public AccountStore {
public:
    /// Migrates the account tables on first use of `pool`. Throws StoreUnavailable.
    explicit PgAccountStore(std::shared_ptr<PgPool> pool);

    // KeyStore
    std::optional<LiveKey> findLive(std::string_view key_hash) override;
    void add(std::string_view key_hash, std::string_view account) override;
    bool revoke(std::string_view key_hash) override;

    // AccountStore
    int64_t keysVersion() override;
    std::vector<KeyRecord> liveKeys() override;
    std::vector<KeyRecord> keysOf(std::string_view account) override;
    std::vector<KeyRecord> allKeys() override;
    int liveKeyCount(std::string_view account) override;
    bool addKey(std::string_view hash, std::string_view account, int64_t now, int max_live) override;
    bool revokeKey(std::string_view account, std::string_view id, int64_t now) override;
    bool rotateKey(std::string_view account, std::string_view old_id, std::string_view new_hash, int64_t now) override;
    void nameKey(std::string_view id, std::string_view name) override;
    std::map<std::string, std::string> keyNamesOf(std::string_view account) override;
    void addUsage(std::string_view day, const std::map<std::string, int64_t>& counts, int64_t now) override;
    std::map<std::string, KeyUsage> usageOf(std::string_view account, std::string_view day) override;
    std::map<std::string, int64_t> usageOn(std::string_view day) override;
    std::string accountFor(std::string_view email_hash, int64_t now) override;
    void addLink(std::string_view token_hash, std::string_view email, std::string_view email_hash, int64_t now,
                 int64_t expires_at) override;
    std::optional<PendingLink> takeLink(std::string_view token_hash, int64_t now) override;
    bool linkUsable(std::string_view token_hash, int64_t now) override;
    int purgeExpiredLinks(int64_t now) override;
    void addSession(std::string_view token_hash, std::string_view account, int64_t expires_at) override;
    std::optional<std::string> sessionAccount(std::string_view token_hash, int64_t now) override;
    void endSession(std::string_view token_hash) override;

private:
    /// fn(connection) through the pool, failures as StoreUnavailable.
    template <typename Fn>
    auto with(Fn&& fn) {
        return pool_->withOr<StoreUnavailable>("postgres: ", std::forward<Fn>(fn));
    }
    std::shared_ptr<PgPool> pool_;
};

}  // namespace ipfacts::store
