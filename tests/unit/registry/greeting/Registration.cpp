// The greeting facility's registration, as a host facility folder's is: the
// greeting: section turns it on; it needs the store started before it.
#include "host/facilities/FacilityRegistry.h"
#include "tests/unit/registry/greeting/GreetingFacility.h"

namespace ipfacts::facilities {

void registerGreeting(FacilityRegistry& r) {
    FacilityEntry e{greeting::GreetingFacility::kName,
                    {"store"},
                    false,
                    manifest::sectionOf<greeting::GreetingConfig>("greeting"),
                    {},
                    greeting::addGreetingFacility};
    e.readiness = true;  // GreetingFacility::readiness
    r.add(std::move(e));
}

}  // namespace ipfacts::facilities
