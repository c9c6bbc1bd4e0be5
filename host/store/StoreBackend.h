// StoreBackend: what store.backend chose, opened once for everyone above the
// store interfaces: the account and key store (daemon and admin command), the store
// facility's rows and the status history. `sqlite` (the default): the SQLite
// file store.path; `redis+postgres`: PostgreSQL (store.postgres) through one
// connection pool per process, rate counters in Redis.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/ratelimit/WindowTally.h"
#include "host/store/AccountStore.h"
#include "host/store/KvStore.h"
#include "host/store/ProbeHistory.h"

#include <memory>

namespace ipfacts::store {

std::unique_ptr<AccountStore> openAccountStore(const manifest::Manifest& m);
/// With SQLite, sets the disk reserve aside beside the file when there is room
/// (sqlite/DiskReserve.h): the daemon at start and the admin command do.
void setDiskReserveAside(const manifest::Manifest& m);
/// Frees the SQLite file's disk reserve for a write that must be made on a full disk;
/// true when there was one (never with PostgreSQL).
bool releaseDiskReserve(const manifest::Manifest& m);
std::unique_ptr<store::KvStore> openKvStore(const manifest::Manifest& m);
std::unique_ptr<store::ProbeHistory> openProbeHistory(const manifest::Manifest& m);
/// The counts of rare events (sign-in mails, unknown keys, meters, upstream
/// budgets): in Redis, shared by the nodes, with store.counters: redis; else
/// in this node's memory.
std::shared_ptr<ratelimit::WindowTally> openWindowTally(const manifest::Manifest& m);

}  // namespace ipfacts::store
