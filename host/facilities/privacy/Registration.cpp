// The privacy facility's registration: the privacy: section turns it on. It
// fetches its feeds through http as tasks, reads hosting from netdb and asks
// the resolver for DNS exit lists, so those start first.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/privacy/PrivacyFacility.h"

namespace ipfacts::facilities {

void registerPrivacy(FacilityRegistry& r) {
    r.add({privacy::PrivacyFacility::kName,
           {"http", "netdb", "resolver", "tasks"},
           false,
           manifest::sectionOf<privacy::PrivacyConfig>("privacy"),
           {},
           privacy::addPrivacyFacility});
}

}  // namespace ipfacts::facilities
