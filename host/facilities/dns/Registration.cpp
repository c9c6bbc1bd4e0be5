// The stub resolver's registration (resolver:).
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/dns/ResolverFacility.h"

namespace ipfacts::facilities {

void registerDns(FacilityRegistry& r) {
    r.add(
        {ResolverFacility::kName, {}, false, manifest::sectionOf<ResolverConfig>("resolver"), {}, addResolverFacility});
}

}  // namespace ipfacts::facilities
