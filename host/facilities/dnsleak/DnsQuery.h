// DnsQuery: a DNS question as the responder receives it (RFC 1035 section 4,
// EDNS(0) of RFC 6891, Client Subnet of RFC 7871), read from untrusted bytes
// without allocating more than the message holds. The name keeps the letter
// case it was asked in: a resolver using 0x20 randomisation checks the reply
// echoes it, and the result shows it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace ipfacts::facilities::dnsleak {

/// An EDNS Client Subnet option: the address family (1 IPv4, 2 IPv6), the
/// source prefix length and the address bytes sent (RFC 7871 section 6).
struct ClientSubnet {
    uint16_t family = 0;
    uint8_t source_prefix = 0;
    std::string address;  // the sent bytes, ceil(source_prefix / 8) of them

    /// "198.51.100.0/24", "2001:db8::/56".
    std::string text() const;
};

struct DnsQuery {
    uint16_t id = 0;
    bool recursion_desired = false;
    std::string name;       // dotted, as asked (letter case kept), no trailing dot; "" is the root
    std::string wire_name;  // the name's wire bytes, as asked
    uint16_t qtype = 0;
    uint16_t qclass = 0;
    bool edns = false;  // an OPT record came with it
    uint8_t edns_version = 0;
    uint16_t udp_size = 512;  // what the asker takes over UDP (512 without EDNS)
    std::optional<ClientSubnet> subnet;
};

/// What reading a message gave.
enum class QueryStatus {
    Ok,       // a standard query with one question
    Ignore,   // not a query (QR set) or too short for a header: no reply at all
    FormErr,  // a query, but malformed: FORMERR, header only
    NotImp,   // an opcode other than QUERY: NOTIMP, header only
};

struct QueryReading {
    QueryStatus status = QueryStatus::Ignore;
    DnsQuery query;  // complete when Ok; `id` and recursion_desired set for FormErr and NotImp
};

/// Reads one message of `size` bytes. Never throws on any input.
QueryReading readQuery(const uint8_t* data, size_t size);

}  // namespace ipfacts::facilities::dnsleak
