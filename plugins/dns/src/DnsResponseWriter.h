// DnsResponseWriter: the DnsResponse body of GET /api/v1/dns (SPEC 2.3), in
// the exact shape openapi.json documents.
#ifndef IPFACTS_PLUGINS_DNS_DNSRESPONSEWRITER_H
#define IPFACTS_PLUGINS_DNS_DNSRESPONSEWRITER_H

#include "DnsQuery.h"

#include <ipfacts/plugin.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::dns {

/// The fields every JSON response carries (SPEC part 2).
struct ResponseStamp {
    std::string_view checkedAt;  ///< ISO 8601 UTC time of the answer
    std::string_view source;     ///< the service host name
};

/// Writes {name, ascii_name, type, answers, agree, dnssec, [reasons],
/// checked_at, source}. Each answer is {resolver, status (null when no
/// response came), ad, records [{name, type, ttl, data}], error}. When
/// `answersReason` is set, `reasons` is {"answers": answersReason}.
/// Thread-safe.
std::string writeDnsResponse(const DnsQuery& query, const std::vector<DnsAnswer>& answers,
                             const std::optional<std::string>& answersReason, const ResponseStamp& stamp);

}  // namespace ipfacts::dns

#endif
