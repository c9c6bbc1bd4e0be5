// IpAddress and CidrRange: parsing and matching of IPv4/IPv6 addresses, used
// to decide which peers are trusted proxies and to normalise caller addresses.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sockaddr;

namespace ipfacts::net {

/// An IPv4 or IPv6 address. IPv4 is held as itself (not v4-mapped).
class IpAddress {
public:
    /// Parses a literal ("192.0.2.1", "2001:db8::1", "[::1]"); no zone index, no port.
    static std::optional<IpAddress> parse(std::string_view text);
    /// From a socket address; an IPv4-mapped IPv6 peer becomes IPv4.
    static std::optional<IpAddress> fromSockaddr(const sockaddr* sa);

    bool isV4() const { return v4_; }
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    const uint8_t* bytes() const { return bytes_.data(); }
    size_t size() const { return v4_ ? 4 : 16; }
    /// Canonical text form (RFC 5952 for IPv6).
    std::string toString() const;

    /// An IPv4-mapped address (::ffff:a.b.c.d) as the IPv4 address it carries;
    /// any other address as itself. Callers, proxies and counters are judged
    /// by the address a packet really came from.
    IpAddress unmapped() const;
    /// The address with every bit past `prefix` cleared (IPv6 only; IPv4 is
    /// returned whole): the block a caller is counted by.
    IpAddress callerBlock(unsigned ipv6_prefix) const;

    bool operator==(const IpAddress& o) const { return v4_ == o.v4_ && bytes_ == o.bytes_; }

private:
    bool v4_ = true;
    std::array<uint8_t, 16> bytes_{};
};

/// An address block "10.0.0.0/8"; a bare address is a /32 or /128. A block
/// written in IPv4-mapped form (::ffff:10.0.0.0/104) is held as IPv4.
class CidrRange {
public:
    static std::optional<CidrRange> parse(std::string_view text);
    bool contains(const IpAddress& a) const;

private:
    IpAddress base_;
    unsigned prefix_ = 0;
};

}  // namespace ipfacts::net
