#include "host/store/StoreBackend.h"

#include "host/ratelimit/LocalWindowTally.h"
#include "host/store/postgres/PgAccountStore.h"
#include "host/store/postgres/PgKvStore.h"
#include "host/store/postgres/PgPool.h"
#include "host/store/postgres/PgProbeHistory.h"
#include "host/store/redis/RedisWindowTally.h"
#include "host/store/sqlite/DiskReserve.h"
#include "host/store/sqlite/SqliteAccountStore.h"
#include "host/store/sqlite/SqliteProbeHistory.h"
#include "host/store/sqlite/SqliteStore.h"

#include <filesystem>
#include <mutex>

namespace ipfacts::store {
namespace {

std::string sqlitePath(const manifest::Manifest& m) {
    const std::string path = manifest::resolvePath(m.state_dir, m.store_path);
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    return path;
}

/// The process's pool for the manifest's PostgreSQL: one, whoever asks first.
std::shared_ptr<PgPool> pool(const manifest::Manifest& m) {
    static std::mutex mu;
    static std::weak_ptr<PgPool> shared;
    std::lock_guard<std::mutex> lock(mu);
    auto p = shared.lock();
    if (!p) shared = p = std::make_shared<PgPool>(m.store_postgres, m.store_postgres_pool);
    return p;
}

bool onPostgres(const manifest::Manifest& m) { return m.store_backend == "redis+postgres"; }

}  // namespace

std::unique_ptr<AccountStore> openAccountStore(const manifest::Manifest& m) {
    if (onPostgres(m)) return std::make_unique<PgAccountStore>(pool(m));
    return std::make_unique<SqliteAccountStore>(sqlitePath(m));
}

void setDiskReserveAside(const manifest::Manifest& m) {
    if (!onPostgres(m)) setDiskReserveAside(sqlitePath(m));
}

bool releaseDiskReserve(const manifest::Manifest& m) { return !onPostgres(m) && releaseDiskReserve(sqlitePath(m)); }

std::unique_ptr<store::KvStore> openKvStore(const manifest::Manifest& m) {
    if (onPostgres(m)) return std::make_unique<store::PgKvStore>(pool(m), store::SqliteStore::systemNowMs);
    return std::make_unique<store::SqliteStore>(sqlitePath(m));
}

std::unique_ptr<store::ProbeHistory> openProbeHistory(const manifest::Manifest& m) {
    if (onPostgres(m)) return std::make_unique<store::PgProbeHistory>(pool(m));
    return std::make_unique<store::SqliteProbeHistory>(sqlitePath(m));
}

std::shared_ptr<ratelimit::WindowTally> openWindowTally(const manifest::Manifest& m) {
    if (m.store_counters != "redis") return std::make_shared<ratelimit::LocalWindowTally>();
    RedisTallyConfig c;
    c.host = m.store_redis_host;
    c.port = static_cast<int>(m.store_redis_port);
    c.timeout_ms = static_cast<int>(m.store_redis_timeout_ms);
    return std::make_shared<RedisWindowTally>(c);
}

}  // namespace ipfacts::store
