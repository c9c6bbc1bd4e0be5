// CacheFacility: the cache slot (cache: section). Plugins get and put bytes
// with a TTL; the host prefixes every key with the calling plugin's name (the
// backend's namespace), so plugins never see each other's entries. The
// backend is the manifest's choice (memory now; a shared one later) behind
// CacheBackend, so plugins never change when it does. Never blocks.
#pragma once

#include "host/cache/CacheBackend.h"
#include "host/facilities/FacilitySet.h"
#include "host/facilities/cache/CacheConfig.h"

#include <memory>

namespace ipfacts::facilities::cache {

class CacheFacility : public Facility {
public:
    static constexpr Slot kSlot = Slot::Cache;
    explicit CacheFacility(std::shared_ptr<CacheBackend> backend) : backend_(std::move(backend)) {}
    Slot slot() const override { return kSlot; }
    void fill(ipf_host_api& api) const override;

    CacheBackend& backend() { return *backend_; }

    /// The C table (for tests that call it as a plugin would).
    static const ipf_cache_api& table();

private:
    std::shared_ptr<CacheBackend> backend_;
};

/// Adds the facility when the manifest has a cache: section.
void addCacheFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::cache
