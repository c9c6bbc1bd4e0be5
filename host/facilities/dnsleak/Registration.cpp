// The DNS leak test's registration: the dnsleak: section turns it on. It
// records questions in the store (so the store starts first) and reads
// network facts from netdb when that is configured.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/dnsleak/DnsLeakFacility.h"

namespace ipfacts::facilities {

void registerDnsleak(FacilityRegistry& r) {
    r.add({dnsleak::DnsLeakFacility::kName,
           {"netdb", "store"},
           false,
           manifest::sectionOf<dnsleak::DnsLeakConfig>("dnsleak"),
           {},
           dnsleak::addDnsLeakFacility});
}

}  // namespace ipfacts::facilities
