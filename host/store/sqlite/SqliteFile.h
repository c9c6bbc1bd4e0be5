// SqliteFile: one connection to the host's SQLite file (store.path), which
// the key store, the store facility and the status history share: WAL, so
// readers never wait for the writer, synchronous=NORMAL, and a busy wait for
// the other connections' writes.
#pragma once

#include <string>

struct sqlite3;

namespace ipfacts::store {

/// Opens (creating when absent) `path` for a connection its owner serialises
/// (SQLITE_OPEN_NOMUTEX). Returns null, with the reason in `error`, when it cannot.
sqlite3* openSqliteFile(const std::string& path, std::string& error);

}  // namespace ipfacts::store
