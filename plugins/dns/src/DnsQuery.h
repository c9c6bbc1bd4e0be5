// DnsQuery: the parameters of GET /api/v1/dns, read and checked. Every
// client mistake becomes a QueryError value naming its token, so the
// handler only has to write it.
#ifndef IPFACTS_PLUGINS_DNS_DNSQUERY_H
#define IPFACTS_PLUGINS_DNS_DNSQUERY_H

#include <ipfacts/plugin.hpp>

#include <cstddef>
#include <string>
#include <variant>

namespace ipfacts::dns {

/// Longest `name` accepted, in bytes, before any conversion (the OpenAPI maxLength).
inline constexpr size_t kMaxNameParameterBytes = 1024;

/// A question ready to be asked.
struct DnsQuery {
    std::string name;       ///< the `name` parameter as given
    std::string asciiName;  ///< A-label form, lower-case, no trailing dot; the reverse name for a PTR literal
    std::string type;       ///< upper-case mnemonic, one of kRecordTypes
};

/// A client error: HTTP status, stable token, message.
struct QueryError {
    int status;
    std::string token;  ///< invalid_parameter, invalid_type or invalid_name
    std::string message;
};

/// Reads `name` and `type`:
///  - `name` absent, empty, repeated or over 1024 bytes: 400 invalid_parameter;
///  - `type` repeated: 400 invalid_parameter; absent: A; not one of the 11
///    types in any letter case (empty included): 400 invalid_type;
///  - for type PTR an address literal is replaced by its reverse name
///    (ipfacts::arpaNameOf: an IPv4-mapped one by its IPv4 address's);
///  - otherwise the name goes through ipfacts::normaliseName with the
///    default rules (underscores and the root allowed): 400 invalid_name
///    with its message.
/// Thread-safe.
std::variant<DnsQuery, QueryError> parseDnsQuery(const Request& req);

}  // namespace ipfacts::dns

#endif
