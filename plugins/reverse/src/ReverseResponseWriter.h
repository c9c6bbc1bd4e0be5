// ReverseResponseWriter: the ReverseDnsResponse body of
// GET /api/v1/reverse/{ip} (SPEC 2.4), in the shape openapi.json documents.
#ifndef IPFACTS_PLUGINS_REVERSE_REVERSERESPONSEWRITER_H
#define IPFACTS_PLUGINS_REVERSE_REVERSERESPONSEWRITER_H

#include "ReverseFacts.h"

#include <string>
#include <string_view>

namespace ipfacts::reverse {

/// The fields every JSON response carries (SPEC part 2).
struct ResponseStamp {
    std::string_view checkedAt;  ///< ISO 8601 UTC time of the answer
    std::string_view source;     ///< the service host name
};

/// Writes {ip, version, arpa, hostnames, forward_confirmed,
/// forward_addresses, [reasons], checked_at, source}; `reasons` only when
/// facts has any. Thread-safe.
std::string writeReverseResponse(const ReverseFacts& facts, const ResponseStamp& stamp);

}  // namespace ipfacts::reverse

#endif
