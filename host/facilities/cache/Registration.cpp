// The cache facility's registration: the cache: section turns it on.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/cache/CacheFacility.h"

namespace ipfacts::facilities {

void registerCache(FacilityRegistry& r) {
    r.add({cache::CacheFacility::kName,
           {},
           false,
           manifest::sectionOf<cache::CacheConfig>("cache"),
           {},
           cache::addCacheFacility});
}

}  // namespace ipfacts::facilities
