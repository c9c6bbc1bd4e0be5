// DiskReserve: space set aside beside the SQLite file (`<file>.reserve`), so that
// the write that matters most can still be made when the disk fills up: revoking a
// leaked key (`ipfacts key revoke`). SQLite in WAL mode appends every change to the
// -wal file, so even an UPDATE in place needs new blocks; on a full disk it fails
// with "database or disk is full". The admin command then releases the reserve and
// tries once more. Whoever opens the account store sets the reserve aside again
// when there is room (the daemon at start, every admin command).
#pragma once

#include <cstddef>
#include <string>

namespace ipfacts::store {

constexpr size_t kDiskReserveBytes = size_t(4) << 20;

/// The reserve's path for the SQLite file `sqlite_path`.
std::string diskReservePath(const std::string& sqlite_path);

/// Makes the reserve (kDiskReserveBytes, allocated, not sparse) unless it is there.
/// False when the disk has no room for it (nothing is left behind then).
bool setDiskReserveAside(const std::string& sqlite_path);

/// Deletes the reserve; true when there was one to free.
bool releaseDiskReserve(const std::string& sqlite_path);

/// Whether `what` (a store error's text) says the disk is full.
bool saysDiskFull(const std::string& what);

}  // namespace ipfacts::store
