// The tasks facility's registration: always on, without a section.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/tasks/TasksFacility.h"

namespace ipfacts::facilities {

void registerTasks(FacilityRegistry& r) {
    r.add({tasks::TasksFacility::kName,
           {},
           false,
           {},
           [](const manifest::Manifest&) { return true; },
           [](FacilitySet& set, const manifest::Manifest&) { tasks::addTasksFacility(set); }});
}

}  // namespace ipfacts::facilities
