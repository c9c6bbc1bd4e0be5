// AddressKey: an address as an unsigned 128-bit number (two uint64 halves),
// so ranges of addresses can be kept in sorted tables and binary-searched.
// IPv4 lives in the low 32 bits; callers keep the two families in separate
// tables, so the v4 value 0.0.0.1 never meets the v6 value ::1.
#pragma once

#include "host/net/IpAddress.h"

#include <cstdint>

namespace ipfacts::facilities::netdb {

struct AddressKey {
    uint64_t hi = 0, lo = 0;

    static AddressKey of(const net::IpAddress& a);
    /// The largest value of the family: 255.255.255.255 or ffff:…:ffff.
    static AddressKey max(bool v4);

    /// The low 32 bits: the whole value of an IPv4 key.
    uint32_t low32() const { return static_cast<uint32_t>(lo); }

    bool operator==(const AddressKey& o) const { return hi == o.hi && lo == o.lo; }
    bool operator!=(const AddressKey& o) const { return !(*this == o); }
    bool operator<(const AddressKey& o) const { return hi != o.hi ? hi < o.hi : lo < o.lo; }
    bool operator<=(const AddressKey& o) const { return !(o < *this); }

    /// This value plus one; wraps past the maximum (callers check max first).
    AddressKey next() const;
    /// This value minus one; wraps below zero (callers check zero first).
    AddressKey prev() const;
};

}  // namespace ipfacts::facilities::netdb
