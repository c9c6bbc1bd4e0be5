// The netdb facility's registration: the netdb: section turns it on; /readyz
// asks it whether its address data is loaded.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/netdb/NetDbFacility.h"

namespace ipfacts::facilities {

void registerNetdb(FacilityRegistry& r) {
    FacilityEntry e{NetDbFacility::kName, {}, false, manifest::sectionOf<NetDbFiles>("netdb"), {}, addNetDbFacility};
    e.readiness = true;
    r.add(std::move(e));
}

}  // namespace ipfacts::facilities
