// NetDbFacility: the netdb slot (netdb: section): address facts over the
// current NetDb, which SIGHUP replaces without dropping a request: lookups
// take a shared reference to whichever database is current when they start.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/netdb/NetDbFiles.h"

#include <ipfacts/plugin.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ipfacts::facilities {

class NetDb;
namespace netdb {
class SpecialPurposeRegistry;
}

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

class NetDbFacility : public Facility {
public:
    static constexpr const char* kName = "netdb";
    /// Loads the data files; throws when they cannot be read. Data files that
    /// are absent (city_mmdb, asn_csv: a fresh install before the data is
    /// fetched) are left out and named by missing(). Classifies by `registry`,
    /// the host's one reading of the IANA file, kept across reloads.
    NetDbFacility(const NetDbFiles& spec, std::shared_ptr<const netdb::SpecialPurposeRegistry> registry);
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    /// Loads the files again (not the registry, read once at start) and swaps
    /// them in; a failed load, or a file missing, keeps the old data.
    void reload() override;
    /// Data files absent at start and not loaded by a reload since (/readyz).
    std::vector<std::string> missing() const;
    const NetDbHandle& handle() const { return handle_; }
    /// When the data in use was loaded (Unix seconds): /metrics shows its age.
    int64_t loadedUnix() const { return loaded_unix_.load(std::memory_order_relaxed); }
    /// /readyz "netdb": not ready while a data file is missing.
    std::optional<FacilityHealth> readiness() const override;
    /// /metrics: each data file's age and the age of the data in use.
    std::vector<MetricFamily> metrics(int64_t now_unix) const override;

private:
    NetDbFiles spec_;
    std::shared_ptr<const netdb::SpecialPurposeRegistry> registry_;
    mutable std::mutex missing_mutex_;
    std::vector<std::string> missing_;
    NetDbHandle handle_;
    std::atomic<int64_t> loaded_unix_;
};

/// Adds the facility when the manifest has a netdb: section, over the set's
/// registry (FacilitySet::registry, set before).
void addNetDbFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities
