// LookupResponseWriter: the JSON body of GET /api/v1/lookup/{target}
// (openapi.json): the lookup's subset of IpReport plus `classification`.
#ifndef IPFACTS_PLUGINS_LOOKUP_LOOKUPRESPONSEWRITER_H
#define IPFACTS_PLUGINS_LOOKUP_LOOKUPRESPONSEWRITER_H

#include "LookupReport.h"

#include <string>

namespace ipfacts::lookup {

/// Writes every field, always, in this order: ip, version, hostname, city,
/// country, country_name, isp, asn, as_name, as_domain, rir,
/// connection_type, privacy, geo_accuracy, classification {kind, rfc,
/// description, routable}, addresses, then `reasons` (only when not empty),
/// checked_at, source. Unknown values are null; privacy is null unless
/// privacy=1 got an answer (ipfacts/privacy.hpp writes it); geo_accuracy is netdb's, "country-only" without database
/// facts; classification is null without database facts.
std::string writeLookupResponse(const LookupReport& report);

}  // namespace ipfacts::lookup

#endif
