// EmbeddedIpv4: the IPv4 addresses an IPv6 address carries in the forms that
// reach an IPv4 host: IPv4-mapped, IPv4-compatible, NAT64 (RFC 6052, RFC 8215),
// 6to4 (RFC 3056) and Teredo (RFC 4380). A packet sent to such an address ends
// up at (or is routed by) the IPv4 address inside, so the guard judges that one.
#pragma once

#include "host/net/IpAddress.h"

#include <array>
#include <cstddef>

namespace ipfacts::facilities::guard {

struct EmbeddedIpv4 {
    const char* form = nullptr;  // "IPv4-mapped", "NAT64", ...; nullptr: not an embedding form
    unsigned length = 0;         // prefix length of the form
    /// True when the form reaches the embedded host through the public
    /// Internet (NAT64, 6to4, Teredo, mapped); false for IPv4-compatible,
    /// deprecated by RFC 4291 and refused even around a public address.
    bool passes_when_embedded_passes = false;
    std::array<net::IpAddress, 2> addresses{};  // Teredo carries two: client, server
    size_t count = 0;

    /// The embedding form of `a` (IPv6), if any. Allocation-free.
    static EmbeddedIpv4 of(const net::IpAddress& a);
};

}  // namespace ipfacts::facilities::guard
