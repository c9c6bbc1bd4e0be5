#include "host/facilities/Catalogue.h"

#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/netdb/NetDbFiles.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"

#include <spdlog/spdlog.h>

#include <algorithm>

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

/// One reading of the IANA special-purpose registry, shared by netdb and the
/// guard (whose file is netdb's unless the manifest says otherwise). Only
/// outbound facilities need the guard; a deployment without them needs no registry file.
void startShared(FacilitySet& set, const manifest::Manifest& m, bool guarded) {
    if (const auto* netdb = m.section<NetDbFiles>())
        set.setRegistry(readRegistry(netdb->special_purpose));
    else if (guarded)
        set.setRegistry(readRegistry(m.guard.special_purpose));
    if (guarded) set.setGuard(makeGuard(m, set.registry()));
}

std::vector<const FacilityEntry*> configuredEntries(const manifest::Manifest& m, const FacilityRegistry& registry) {
    std::vector<const FacilityEntry*> out;
    for (const FacilityEntry* e : registry.ordered())
        if (FacilityRegistry::configured(*e, m)) out.push_back(e);
    return out;
}

}  // namespace

std::unique_ptr<FacilitySet> startFacilities(const manifest::Manifest& m, const FacilityRegistry& registry,
                                             const ratelimit::ServiceClock& clock,
                                             std::shared_ptr<ratelimit::WindowTally> tally) {
    auto set = std::make_unique<FacilitySet>();
    set->setClock(clock);
    if (tally) set->setTally(std::move(tally));
    const auto entries = configuredEntries(m, registry);
    startShared(*set, m, std::any_of(entries.begin(), entries.end(), [](const auto* e) { return e->outbound; }));
    for (const FacilityEntry* e : entries) e->start(*set, m);
    return set;
}

std::vector<std::string> configuredFacilities(const manifest::Manifest& m, const FacilityRegistry& registry) {
    std::vector<std::string> out;
    for (const FacilityEntry* e : configuredEntries(m, registry)) out.push_back(e->name);
    return out;
}

}  // namespace ipfacts::facilities
