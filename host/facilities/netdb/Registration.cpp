// The netdb facility's registration: the netdb: section turns it on.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/netdb/NetDbFacility.h"

namespace ipfacts::facilities {

void registerNetdb(FacilityRegistry& r) {
    r.add({NetDbFacility::kName, {}, false, manifest::sectionOf<NetDbFiles>("netdb"), {}, addNetDbFacility});
}

}  // namespace ipfacts::facilities
