#include "host/facilities/Catalogue.h"

#include "host/facilities/cache/CacheFacility.h"
#include "host/facilities/connect/ConnectFacility.h"
#include "host/facilities/dns/DohFacility.h"
#include "host/facilities/dns/ResolverFacility.h"
#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/http/HttpFacility.h"
#include "host/facilities/meters/MetersFacility.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "host/facilities/privacy/PrivacyFacility.h"
#include "host/facilities/store/StoreFacility.h"
#include "host/facilities/tasks/TasksFacility.h"

#include <spdlog/spdlog.h>

namespace ipfacts::facilities {

namespace {

std::shared_ptr<const netdb::SpecialPurposeRegistry> readRegistry(const std::string& path) {
    auto r = std::make_shared<const netdb::SpecialPurposeRegistry>(path);
    spdlog::info("special-purpose registry: {} blocks from {}", r->size(), path);
    return r;
}

/// The guard of outbound connections, from the IANA registries and the
/// manifest's allow list; said aloud at start when the list lets anything through.
/// It judges by `shared` unless the manifest names the guard another file.
std::shared_ptr<const guard::AddressGuard> makeGuard(const manifest::Manifest& m,
                                                     std::shared_ptr<const netdb::SpecialPurposeRegistry> shared) {
    if (shared->path() != m.guard.special_purpose) shared = readRegistry(m.guard.special_purpose);
    auto g = std::make_shared<const guard::AddressGuard>(std::move(shared), m.guard);
    g->logAllowListWarning();
    return g;
}

}  // namespace

std::unique_ptr<FacilitySet> startFacilities(const manifest::Manifest& m, const pipeline::ServiceClock& clock) {
    auto set = std::make_unique<FacilitySet>();
    set->setClock(clock);
    // Only outbound facilities need the guard; a deployment without them needs no registry file.
    const bool guarded = m.http || m.doh || m.connect;
    // One reading of the IANA special-purpose registry, shared by netdb and the
    // guard (whose file is netdb's unless the manifest says otherwise).
    if (m.netdb)
        set->setRegistry(readRegistry(m.netdb->special_purpose));
    else if (guarded)
        set->setRegistry(readRegistry(m.guard.special_purpose));
    if (guarded) set->setGuard(makeGuard(m, set->registry()));
    addNetDbFacility(*set, m);
    addResolverFacility(*set, m);
    addDohFacility(*set, m);
    addMetersFacility(*set, m);
    http::addHttpFacility(*set, m);
    cache::addCacheFacility(*set, m);
    store::addStoreFacility(*set, m);
    connect::addConnectFacility(*set, m);
    tasks::addTasksFacility(*set);
    privacy::addPrivacyFacility(*set, m);  // after http, netdb and tasks, which it uses
    return set;
}

std::vector<std::string> configuredFacilities(const manifest::Manifest& m) {
    std::vector<std::string> out;
    if (m.netdb) out.push_back(slotName(Slot::NetDb));
    if (m.resolver) out.push_back(slotName(Slot::Resolver));
    if (m.doh) out.push_back(slotName(Slot::Doh));
    if (!m.meters.per_day.empty()) out.push_back(slotName(Slot::Meters));
    if (m.http) out.push_back(slotName(Slot::Http));
    if (m.cache) out.push_back(slotName(Slot::Cache));
    out.push_back(slotName(Slot::Store));  // always on: store.kind is sqlite
    if (m.connect) out.push_back(slotName(Slot::Connect));
    out.push_back(slotName(Slot::Tasks));  // always on
    if (m.privacy) out.push_back(slotName(Slot::Privacy));
    return out;
}

}  // namespace ipfacts::facilities
