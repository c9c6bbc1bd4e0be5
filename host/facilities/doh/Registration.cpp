// DNS over HTTPS's registration (doh:, connecting out through the guard).
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/doh/DohFacility.h"

namespace ipfacts::facilities {

void registerDoh(FacilityRegistry& r) {
    r.add({DohFacility::kName, {}, true, manifest::sectionOf<DohConfig>("doh"), {}, addDohFacility});
}

}  // namespace ipfacts::facilities
