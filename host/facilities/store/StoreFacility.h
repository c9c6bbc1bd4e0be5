// StoreFacility: the store slot. Durable key/value rows for plugins,
// namespaced by the calling plugin's name, on a KvStore (SqliteStore on the
// host's store.path file now). Always on when the manifest's store.kind is
// sqlite (the only kind so far). Blocking: from worker handlers only.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/store/KvStore.h"

#include <memory>

namespace ipfacts::facilities::store {

class StoreFacility : public Facility {
public:
    static constexpr const char* kName = "store";
    explicit StoreFacility(std::unique_ptr<ipfacts::store::KvStore> kv) : kv_(std::move(kv)) {}
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    /// Deletes expired rows (once a minute); a failure is logged, not thrown.
    void purge(int64_t now_s) override;

    ipfacts::store::KvStore& kv() { return *kv_; }
    /// /readyz "store": a read answers.
    std::optional<FacilityHealth> readiness() const override;

    /// The C table (for tests that call it as a plugin would).
    static const ipf_store_api& table();

private:
    std::unique_ptr<ipfacts::store::KvStore> kv_;
};

/// Adds the facility on the manifest's store file (state_dir/store.path).
void addStoreFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::store
