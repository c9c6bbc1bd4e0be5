// The meters facility's registration: on when the meters: section names a meter.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/meters/MetersFacility.h"

namespace ipfacts::facilities {

void registerMeters(FacilityRegistry& r) {
    r.add({MetersFacility::kName,
           {},
           false,
           manifest::sectionOf<MetersConfig>("meters"),
           [](const manifest::Manifest& m) {
               const auto* config = m.section<MetersConfig>();
               return config && !config->per_day.empty();
           },
           addMetersFacility});
}

}  // namespace ipfacts::facilities
