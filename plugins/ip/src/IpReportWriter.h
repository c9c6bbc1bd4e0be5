// IpReportWriter: the JSON body of GET /json and GET /api/v1/ip (the IpReport of openapi.json).
// One writer for both paths, so their bodies are byte-for-byte the same.
#ifndef IPFACTS_PLUGINS_IP_IPREPORTWRITER_H
#define IPFACTS_PLUGINS_IP_IPREPORTWRITER_H

#include "IpReport.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

/// What the writer reads: an IpReport's values as views, so the hot path of
/// /json can point straight into the host's facts (ipf_netdb_facts) and the
/// request instead of copying them into strings first. Unset optionals are
/// null (unknown); see IpReport and NetFacts for the meaning of each field.
struct IpReportView {
    std::string_view ip;
    int version = 4;
    std::optional<std::string_view> hostname;
    std::optional<std::string_view> city, region, region_code, country, country_name, continent, postal;
    std::optional<double> latitude, longitude;
    std::optional<std::string_view> timezone, local_time;
    std::optional<std::string_view> isp;
    std::optional<int64_t> asn;
    std::optional<std::string_view> as_name, as_domain;
    std::string_view rir = "UNKNOWN";
    std::string_view connection_type = "unknown";
    const PrivacyFacts* privacy = nullptr;  ///< null: `privacy` is null
    std::string_view protocol, tls;
    int64_t rttUs = -1;
    std::string_view edge;
    std::optional<std::string_view> userAgent, acceptsLanguage;
    std::optional<std::string_view> geo_accuracy;
    const Reasons* reasons = nullptr;  ///< null or empty: no `reasons` member
    ResponseStamp stamp;
};

/// Views of `report`'s values; valid while `report` is.
IpReportView viewOf(const IpReport& report);

/// Points the address-fact fields of `v` (city .. connection_type,
/// geo_accuracy) at `facts`; valid while the facts are.
void setFacts(IpReportView& v, const NetFactsView& facts);

/// Writes every IpReport field, always, in the documented order:
/// ip, version, hostname, city, region, region_code, country, country_name,
/// continent, postal, loc, timezone, local_time, isp, asn, as_name,
/// as_domain, rir, connection_type, privacy, network {protocol, tls,
/// rtt_ms, edge}, user_agent, accepts_language, geo_accuracy, then
/// `reasons` (only when not empty), checked_at, source.
/// Unknown values are null; loc is null unless both coordinates are known;
/// rtt_ms has 3 decimals or is null; geo_accuracy is netdb's (always set
/// since ABI 1.4), or "country-only" without a database.
/// Strings are written exactly as JsonWriter writes them (escapes, invalid
/// UTF-8 replaced by U+FFFD).
std::string writeIpReport(const IpReport& report);

/// The same body, appended to `out` (which the caller may reuse between
/// requests, keeping its capacity).
void appendIpReport(std::string& out, const IpReportView& report);

}  // namespace ipfacts::ip

#endif
