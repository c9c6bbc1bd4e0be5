// NetDbFacility: the netdb table of the SDK (ABI 1.2) over the current NetDb,
// which SIGHUP replaces without dropping a request: lookups take a shared
// reference to whichever database is current when they start.
#pragma once

#include <ipfacts/plugin.h>

#include <memory>
#include <atomic>

namespace ipfacts::facilities {

class NetDb;

/// The database plugins see now. Thread-safe.
class NetDbHandle {
public:
    explicit NetDbHandle(std::shared_ptr<const NetDb> db) : db_(std::move(db)) {}
    std::shared_ptr<const NetDb> current() const { return std::atomic_load(&db_); }
    /// Swaps in a freshly loaded database; requests in flight keep the old one.
    void replace(std::shared_ptr<const NetDb> db) { std::atomic_store(&db_, std::move(db)); }

private:
    std::shared_ptr<const NetDb> db_;
};

const ipf_netdb_api* netdbApi();

}  // namespace ipfacts::facilities
