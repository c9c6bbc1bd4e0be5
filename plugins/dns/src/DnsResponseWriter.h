// DnsResponseWriter: the DnsResponse body of GET /api/v1/dns, in
// the exact shape openapi.json documents.
#ifndef IPFACTS_PLUGINS_DNS_DNSRESPONSEWRITER_H
#define IPFACTS_PLUGINS_DNS_DNSRESPONSEWRITER_H

#include "DnsQuery.h"

#include <ipfacts/plugin.hpp>
#include <ipfacts/stamp.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::dns {

/// Writes {name, ascii_name, type, answers, agree, dnssec, [reasons],
/// checked_at, source}. Each answer is {resolver, status (null when no
/// response came), ad, records [{name, type, ttl, data}], error}. When
/// `answersReason` is set, `reasons` is {"answers": answersReason}.
/// Thread-safe.
std::string writeDnsResponse(const DnsQuery& query, const DnsAnswers& answers,
                             const std::optional<std::string>& answersReason, const ResponseStamp& stamp);

}  // namespace ipfacts::dns

#endif
