// SqliteKeyStore: KeyStore in one SQLite file, the default single-box store.
#pragma once

#include "host/store/KeyStore.h"

#include <memory>
#include <mutex>
#include <string>

struct sqlite3;

namespace ipfacts::store {

class SqliteKeyStore : public KeyStore {
public:
    /// Opens (creating if needed) the database at `path`. Throws on failure.
    explicit SqliteKeyStore(const std::string& path);

    std::optional<LiveKey> findLive(std::string_view key_hash) override;
    void add(std::string_view key_hash, std::string_view account) override;
    bool revoke(std::string_view key_hash) override;

private:
    struct Closer {
        void operator()(sqlite3* db) const;
    };
    std::unique_ptr<sqlite3, Closer> db_;
    std::mutex mu_;  // one connection, serialised
};

}  // namespace ipfacts::store
