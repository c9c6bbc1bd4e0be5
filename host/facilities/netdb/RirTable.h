// RirTable: which Regional Internet Registry administers an address, from
// etc/netdb/rir.yaml — the IANA IPv4 /8 and IPv6 allocation tables
// (ipv4/ipv6: [{prefix, rir}]) and, for space those tables do not place,
// the AS number blocks (asn: [{first, last, rir}]).
#pragma once

#include "host/facilities/netdb/PrefixTable.h"

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities::netdb {

class RirTable {
public:
    /// Loads the YAML file; throws naming file and line on a malformed entry.
    explicit RirTable(const std::string& path);

    /// The RIR of the most specific allocation holding `a`. When that is IANA
    /// (reserved or unallocated) or there is none, the RIR of `asn`'s block if
    /// it names one; else the allocation's IANA, or UNKNOWN. Thread-safe.
    const std::string& registryOf(const net::IpAddress& a, std::optional<uint32_t> asn) const;

    /// ARIN, RIPE, APNIC, LACNIC, AFRINIC, IANA, UNKNOWN.
    static const std::vector<std::string>& names();
    static const std::string& iana();
    static const std::string& unknown();

    struct AsnBlock {
        uint32_t first, last, rir;  // rir: index into names()
    };

private:
    const std::string* byAsn(uint32_t asn) const;

    PrefixTable prefixes_;              // values: index into names()
    std::vector<AsnBlock> asn_blocks_;  // sorted by first, disjoint
};

}  // namespace ipfacts::facilities::netdb
