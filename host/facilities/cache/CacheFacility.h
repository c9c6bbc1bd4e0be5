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
    static constexpr const char* kName = "cache";
    explicit CacheFacility(std::shared_ptr<ipfacts::cache::CacheBackend> backend) : backend_(std::move(backend)) {}
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;

    ipfacts::cache::CacheBackend& backend() { return *backend_; }
    /// /metrics: its hits, misses and entries as the cache "plugins".
    std::vector<MetricFamily> metrics(int64_t now_unix) const override;

    /// The C table (for tests that call it as a plugin would).
    static const ipf_cache_api& table();

private:
    std::shared_ptr<ipfacts::cache::CacheBackend> backend_;
};

/// Adds the facility when the manifest has a cache: section.
void addCacheFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities::cache
