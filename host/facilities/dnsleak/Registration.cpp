// The DNS leak test's registration: the dnsleak: section turns it on. It
// records questions in the store (so the store starts first) and reads
// network facts from netdb when that is configured. Its routes are host
// handlers it declares here, so the host's list of handlers names none of it.
#include "host/facilities/FacilityRegistry.h"
#include "host/facilities/dnsleak/DnsLeakFacility.h"
#include "host/facilities/dnsleak/DnsLeakHandlers.h"

namespace ipfacts::facilities {

void registerDnsleak(FacilityRegistry& r) {
    r.add({dnsleak::DnsLeakFacility::kName,
           {"netdb", "store"},
           false,
           manifest::sectionOf<dnsleak::DnsLeakConfig>("dnsleak"),
           {},
           dnsleak::addDnsLeakFacility,
           false,
           dnsleak::dnsleakHandlers});
}

}  // namespace ipfacts::facilities
