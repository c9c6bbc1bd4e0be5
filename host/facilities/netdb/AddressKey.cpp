#include "host/facilities/netdb/AddressKey.h"

#include <arpa/inet.h>

namespace ipfacts::facilities::netdb {

namespace {

uint64_t bigEndian64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
    return v;
}

void storeBigEndian64(uint64_t v, uint8_t* p) {
    for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<uint8_t>(v);
}

}  // namespace

AddressKey AddressKey::of(const net::IpAddress& a) {
    const uint8_t* b = a.bytes();
    if (a.isV4()) return {0, (uint64_t(b[0]) << 24) | (uint64_t(b[1]) << 16) | (uint64_t(b[2]) << 8) | b[3]};
    return {bigEndian64(b), bigEndian64(b + 8)};
}

AddressKey AddressKey::max(bool v4) {
    return v4 ? AddressKey{0, 0xFFFFFFFFull} : AddressKey{~0ull, ~0ull};
}

std::string AddressKey::toString(bool v4) const {
    uint8_t bytes[16];
    storeBigEndian64(hi, bytes);
    storeBigEndian64(lo, bytes + 8);
    char buf[INET6_ADDRSTRLEN];
    inet_ntop(v4 ? AF_INET : AF_INET6, v4 ? bytes + 12 : bytes, buf, sizeof buf);
    return buf;
}

AddressKey AddressKey::next() const {
    AddressKey k = *this;
    if (++k.lo == 0) ++k.hi;
    return k;
}

AddressKey AddressKey::prev() const {
    AddressKey k = *this;
    if (k.lo-- == 0) --k.hi;
    return k;
}

}  // namespace ipfacts::facilities::netdb
