// The connect facility's registration: the connect: section turns it on; it
// connects out, through the guard.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/connect/ConnectFacility.h"

namespace ipfacts::facilities {

void registerConnect(FacilityRegistry& r) {
    r.add({connect::ConnectFacility::kName,
           {},
           true,
           manifest::sectionOf<connect::ConnectConfig>("connect"),
           {},
           connect::addConnectFacility});
}

}  // namespace ipfacts::facilities
