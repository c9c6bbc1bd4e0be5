#include "host/facilities/guard/EmbeddedIpv4.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdint>
#include <initializer_list>

namespace ipfacts::facilities::guard {
namespace {

/// An IPv4 address from four bytes, each XORed with `flip` (Teredo obfuscates).
net::IpAddress ipv4From(const uint8_t* p, uint8_t flip = 0) {
    sockaddr_in sin{};
    sin.sin_family = AF_INET;
    auto* out = reinterpret_cast<uint8_t*>(&sin.sin_addr);
    for (int i = 0; i < 4; ++i) out[i] = p[i] ^ flip;
    return *net::IpAddress::fromSockaddr(reinterpret_cast<const sockaddr*>(&sin));
}

bool startsWith(const uint8_t* b, std::initializer_list<uint8_t> head) {
    size_t i = 0;
    for (uint8_t h : head)
        if (b[i++] != h) return false;
    return true;
}

EmbeddedIpv4 makeForm(const char* name, unsigned length, bool passes) {
    EmbeddedIpv4 e;
    e.form = name;
    e.length = length;
    e.passes_when_embedded_passes = passes;
    return e;
}

}  // namespace

EmbeddedIpv4 EmbeddedIpv4::of(const net::IpAddress& a) {
    if (a.isV4()) return {};
    const uint8_t* b = a.bytes();
    EmbeddedIpv4 e;
    if (startsWith(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff})) {
        e = makeForm("IPv4-mapped", 96, true);
    } else if (startsWith(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})) {
        e = makeForm("IPv4-compatible", 96, false);
    } else if (startsWith(b, {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0})) {
        e = makeForm("NAT64", 96, true);
    } else if (startsWith(b, {0, 0x64, 0xff, 0x9b, 0, 1})) {
        // Local-use NAT64 (RFC 8215): read as the /96 format, the one RFC 8215
        // expects; formats with a shorter prefix are not decoded (see README).
        e = makeForm("local-use NAT64", 48, true);
    } else if (startsWith(b, {0x20, 0x02})) {
        e = makeForm("6to4", 16, true);
        e.addresses[e.count++] = ipv4From(b + 2);
        return e;
    } else if (startsWith(b, {0x20, 0x01, 0, 0})) {
        e = makeForm("Teredo", 32, true);
        e.addresses[e.count++] = ipv4From(b + 12, 0xff);  // the client, obfuscated
        e.addresses[e.count++] = ipv4From(b + 4);         // the Teredo server
        return e;
    } else {
        return {};
    }
    e.addresses[e.count++] = ipv4From(b + 12);
    return e;
}

}  // namespace ipfacts::facilities::guard
