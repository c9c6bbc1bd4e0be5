// ReverseResponseWriter: the ReverseDnsResponse body of
// GET /api/v1/reverse/{ip}, in the shape openapi.json documents.
#ifndef IPFACTS_PLUGINS_REVERSE_REVERSERESPONSEWRITER_H
#define IPFACTS_PLUGINS_REVERSE_REVERSERESPONSEWRITER_H

#include "ReverseFacts.h"

#include <ipfacts/stamp.hpp>

#include <string>
#include <string_view>

namespace ipfacts::reverse {

/// Writes {ip, version, arpa, hostnames, forward_confirmed,
/// forward_addresses, [reasons], checked_at, source}; `reasons` only when
/// facts has any. Thread-safe.
std::string writeReverseResponse(const ReverseFacts& facts, const ResponseStamp& stamp);

}  // namespace ipfacts::reverse

#endif
