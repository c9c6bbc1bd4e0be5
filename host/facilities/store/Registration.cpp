// The store facility's registration: always on, on the backend store.backend
// chose; it reads no section of its own (store: is the host's).
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/store/StoreFacility.h"

namespace ipfacts::facilities {

void registerStore(FacilityRegistry& r) {
    FacilityEntry e{store::StoreFacility::kName, {}, false, {}, [](const manifest::Manifest&) { return true; },
                    store::addStoreFacility};
    e.readiness = true;  // a read answers
    r.add(std::move(e));
}

}  // namespace ipfacts::facilities
