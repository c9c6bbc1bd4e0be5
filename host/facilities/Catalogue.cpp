#include "host/facilities/Catalogue.h"

#include "host/facilities/cache/CacheFacility.h"
#include "host/facilities/dns/DohFacility.h"
#include "host/facilities/dns/ResolverFacility.h"
#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/http/HttpFacility.h"
#include "host/facilities/meters/MetersFacility.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/store/StoreFacility.h"

namespace ipfacts::facilities {

namespace {

/// The guard of outbound connections, from the IANA registries and the
/// manifest's allow list; said aloud at start when the list lets anything through.
std::shared_ptr<const guard::AddressGuard> makeGuard(const manifest::Manifest& m) {
    guard::GuardConfig config;
    for (const auto& a : m.guard.allow) config.addAllowed(a);
    auto g = std::make_shared<const guard::AddressGuard>(m.guard.special_purpose, std::move(config));
    g->logAllowListWarning();
    return g;
}

}  // namespace

std::unique_ptr<FacilitySet> startFacilities(const manifest::Manifest& m) {
    auto set = std::make_unique<FacilitySet>();
    // Only outbound facilities need the guard; a deployment without them needs no registry file.
    if (m.http || m.doh) set->setGuard(makeGuard(m));
    addNetDbFacility(*set, m);
    addResolverFacility(*set, m);
    addDohFacility(*set, m);
    addMetersFacility(*set, m);
    http::addHttpFacility(*set, m);
    cache::addCacheFacility(*set, m);
    store::addStoreFacility(*set, m);
    return set;
}

std::vector<std::string> configuredFacilities(const manifest::Manifest& m) {
    std::vector<std::string> out;
    if (m.netdb) out.push_back(slotName(Slot::NetDb));
    if (m.resolver) out.push_back(slotName(Slot::Resolver));
    if (m.doh) out.push_back(slotName(Slot::Doh));
    if (!m.meters.empty()) out.push_back(slotName(Slot::Meters));
    if (m.http) out.push_back(slotName(Slot::Http));
    if (m.cache) out.push_back(slotName(Slot::Cache));
    out.push_back(slotName(Slot::Store));  // always on: store.kind is sqlite
    return out;
}

}  // namespace ipfacts::facilities
