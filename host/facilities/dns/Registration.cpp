// The DNS facilities' registration: the stub resolver (resolver:) and DoH
// (doh:, connecting out through the guard).
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/dns/DohFacility.h"
#include "host/facilities/dns/ResolverFacility.h"

namespace ipfacts::facilities {

void registerDns(FacilityRegistry& r) {
    r.add(
        {ResolverFacility::kName, {}, false, manifest::sectionOf<ResolverConfig>("resolver"), {}, addResolverFacility});
    r.add({DohFacility::kName, {}, true, manifest::sectionOf<DohConfig>("doh"), {}, addDohFacility});
}

}  // namespace ipfacts::facilities
