// SqliteAccountStore: KeyStore and AccountStore in the host's SQLite file
// (store.path), the default single-box store. One connection, serialised.
#pragma once

#include "host/store/AccountStore.h"
#include "host/store/KeyStore.h"

#include <memory>
#include <mutex>
#include <string>

struct sqlite3;

namespace ipfacts::store {

class SqliteAccountStore : public AccountStore {
public:
    /// Opens (creating if needed) the database at `path` and applies the
    /// account schema (host/store/AccountSchema.h). Throws StoreUnavailable.
    explicit SqliteAccountStore(const std::string& path);

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
    struct Closer {
        void operator()(sqlite3* db) const;
    };
    void exec(const char* sql);
    void insertKey(std::string_view hash, std::string_view account, int64_t now);
    bool revokeWhere(std::string_view account, std::string_view id, int64_t now);
    void bumpKeysVersion();
    std::vector<KeyRecord> selectKeys(const char* sql, std::string_view arg);

    std::unique_ptr<sqlite3, Closer> db_;
    std::mutex mu_;  // one connection, serialised
};

}  // namespace ipfacts::store
