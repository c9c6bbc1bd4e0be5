#include "host/facilities/netdb/AddressKey.h"

namespace ipfacts::facilities::netdb {

namespace {

uint64_t bigEndian64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
    return v;
}

}  // namespace

AddressKey AddressKey::of(const net::IpAddress& a) {
    const uint8_t* b = a.bytes();
    if (a.isV4()) return {0, (uint64_t(b[0]) << 24) | (uint64_t(b[1]) << 16) | (uint64_t(b[2]) << 8) | b[3]};
    return {bigEndian64(b), bigEndian64(b + 8)};
}

AddressKey AddressKey::max(bool v4) { return v4 ? AddressKey{0, 0xFFFFFFFFull} : AddressKey{~0ull, ~0ull}; }

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
