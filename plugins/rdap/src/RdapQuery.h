// RdapQuery: the `query` parameter of /api/v1/rdap read into what a registry
// is asked about — an address (ip), a CIDR block (ip), an AS number (autnum:
// "AS15169" or "15169") or a domain name (domain, internationalised names to
// A-labels) — or a stable 400 token saying why not.
#ifndef IPFACTS_PLUGINS_RDAP_RDAPQUERY_H
#define IPFACTS_PLUGINS_RDAP_RDAPQUERY_H

#include <ipfacts/address.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace ipfacts::rdap {

enum class QueryKind { Ip, Autnum, Domain };

/// "ip", "autnum", "domain": the response's `kind`.
const char* kindName(QueryKind k);

struct RdapQuery {
    QueryKind kind = QueryKind::Ip;
    std::string text;         ///< canonical form: "192.0.2.0/24", "192.0.2.1", "AS15169", "xn--bcher-kva.example"
    Address address;          ///< ip: the address, or the block's first address
    int prefix = -1;          ///< ip: the CIDR length; -1 for a single address
    uint32_t asn = 0;         ///< autnum
    std::string unicodeName;  ///< domain: the U-label form (equal to `text` for an ASCII name)

    /// The RDAP path below a service's base URL: "ip/192.0.2.0/24", "autnum/15169", "domain/example.com".
    std::string rdapPath() const;
};

struct QueryError {
    const char* token;  ///< invalid_parameter (missing, repeated, too long), invalid_query
    std::string message;
};

inline constexpr size_t kMaxQueryBytes = 512;

/// Reads one value. Pure; thread-safe.
std::variant<RdapQuery, QueryError> parseRdapQuery(std::string_view value);

}  // namespace ipfacts::rdap

#endif
