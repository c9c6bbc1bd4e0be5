// HeaderEcho: the body of GET /api/v1/headers, the request's own
// headers as received, each explained, credentials redacted.
#ifndef IPFACTS_PLUGINS_HEADERS_HEADERECHO_H
#define IPFACTS_PLUGINS_HEADERS_HEADERECHO_H

#include "HeaderCatalogue.h"

#include <ipfacts/plugin.hpp>
#include <ipfacts/stamp.hpp>

#include <string>
#include <string_view>

namespace ipfacts::headers {

/// What replaces the value of a redacted header (plugins/headers/README.md).
inline constexpr std::string_view kRedactionMarker = "[redacted]";

/// Writes the HeadersResponse JSON for `req`: `headers` in the order
/// received, each {name lower-cased, value or the redaction marker, redacted,
/// explanation}, then method, protocol, tls, checked_at and source.
/// Thread-safe as long as `catalogue` is (it is immutable).
std::string writeHeaderEcho(const Request& req, const HeaderCatalogue& catalogue, const ResponseStamp& stamp);

}  // namespace ipfacts::headers

#endif
