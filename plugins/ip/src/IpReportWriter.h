// IpReportWriter: the JSON body of GET /json and GET /api/v1/ip (SPEC 2.1).
// One writer for both paths, so their bodies are byte-for-byte the same.
#ifndef IPFACTS_PLUGINS_IP_IPREPORTWRITER_H
#define IPFACTS_PLUGINS_IP_IPREPORTWRITER_H

#include "IpReport.h"

#include <string>

namespace ipfacts::ip {

/// Writes every IpReport field, always, in the specification's order:
/// ip, version, hostname, city, region, region_code, country, country_name,
/// continent, postal, loc, timezone, local_time, isp, asn, as_name,
/// as_domain, rir, connection_type, privacy, network {protocol, tls,
/// rtt_ms, edge}, user_agent, accepts_language, geo_accuracy, then
/// `reasons` (only when not empty), checked_at, source.
/// Unknown values are null; loc is null unless both coordinates are known;
/// rtt_ms has 3 decimals or is null; geo_accuracy is the database's value,
/// or "country-only" when it gave none (nothing is known more precisely).
std::string writeIpReport(const IpReport& report);

}  // namespace ipfacts::ip

#endif
