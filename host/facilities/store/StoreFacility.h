// StoreFacility: the store slot. Durable key/value rows for plugins,
// namespaced by the calling plugin's name, on a KvStore (SqliteStore on the
// host's store.path file, or PostgreSQL with store.backend redis+postgres).
// It also says whether the store answers (StoreHealth: a read a second on a
// thread of its own): a /readyz check that does not decide readiness (the
// node serves its public API while the store is away) and the gauge
// ipfacts_store_up, both read without waiting on the store. The plugins'
// calls block: from worker handlers only.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/store/StoreHealth.h"
#include "host/store/KvStore.h"

#include <memory>

namespace ipfacts::facilities::store {

class StoreFacility : public Facility {
public:
    static constexpr const char* kName = "store";
    /// `backend`: what holds the rows ("sqlite", "postgres"), the metric's label.
    /// `health_period`: how often its thread reads the store to say whether it answers.
    StoreFacility(std::unique_ptr<ipfacts::store::KvStore> kv, std::string backend,
                  std::chrono::milliseconds health_period = std::chrono::seconds(1));
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    /// Deletes expired rows (once a minute); a failure is logged, not thrown.
    void purge(int64_t now_s) override;

    ipfacts::store::KvStore& kv() { return *kv_; }
    /// /readyz "store": whether the last read answered; never decides readiness.
    std::optional<FacilityHealth> readiness() const override;
    /// ipfacts_store_up{store=backend}: 1 when the last read answered, 0 when not.
    std::vector<MetricFamily> metrics(int64_t now_unix) const override;

    /// The C table (for tests that call it as a plugin would).
    static const ipf_store_api& table();

private:
    /// One read of a row nobody writes: empty when it answered, else why not.
    std::optional<std::string> readFailure() const;

    std::unique_ptr<ipfacts::store::KvStore> kv_;
    std::string backend_;
    StoreHealth health_;  // last: its thread reads kv_
};

/// Adds the facility on the manifest's store file (state_dir/store.path).
void addStoreFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::store
