// PgKeyStore: KeyStore on PostgreSQL (store.backend: redis+postgres), shared
// by every node: a key added or revoked through one node (or the admin
// command) is seen by all at their next look-up.
#pragma once

#include "host/store/KeyStore.h"
#include "host/store/postgres/PgPool.h"

#include <memory>

namespace ipfacts::store {

class PgKeyStore : public KeyStore {
public:
    /// Migrates the key table on first use of `pool`. Throws StoreUnavailable.
    explicit PgKeyStore(std::shared_ptr<PgPool> pool);

    std::optional<LiveKey> findLive(std::string_view key_hash) override;
    void add(std::string_view key_hash, std::string_view account) override;
    bool revoke(std::string_view key_hash) override;

private:
    std::shared_ptr<PgPool> pool_;
};

}  // namespace ipfacts::store
