#include "host/facilities/Catalogue.h"

#include "host/facilities/dns/DohFacility.h"
#include "host/facilities/dns/ResolverFacility.h"
#include "host/facilities/meters/MetersFacility.h"
#include "host/facilities/netdb/NetDbFacility.h"

namespace ipfacts::facilities {

std::unique_ptr<FacilitySet> startFacilities(const manifest::Manifest& m) {
    auto set = std::make_unique<FacilitySet>();
    addNetDbFacility(*set, m);
    addResolverFacility(*set, m);
    addDohFacility(*set, m);
    addMetersFacility(*set, m);
    return set;
}

std::vector<std::string> configuredFacilities(const manifest::Manifest& m) {
    std::vector<std::string> out;
    if (m.netdb) out.push_back(slotName(Slot::NetDb));
    if (m.resolver) out.push_back(slotName(Slot::Resolver));
    if (m.doh) out.push_back(slotName(Slot::Doh));
    if (!m.meters.empty()) out.push_back(slotName(Slot::Meters));
    return out;
}

}  // namespace ipfacts::facilities
