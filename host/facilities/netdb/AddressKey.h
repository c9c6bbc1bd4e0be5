// AddressKey: an address as an unsigned 128-bit number (two uint64 halves),
// so ranges of addresses can be kept in sorted tables and binary-searched.
// IPv4 lives in the low 32 bits; callers keep the two families in separate
// tables, so the v4 value 0.0.0.1 never meets the v6 value ::1.
#pragma once

#include "host/net/IpAddress.h"

#include <cstdint>
#include <string>

namespace ipfacts::facilities::netdb {

struct AddressKey {
    uint64_t hi = 0, lo = 0;

    static AddressKey of(const net::IpAddress& a);
    /// The largest value of the family: 255.255.255.255 or ffff:…:ffff.
    static AddressKey max(bool v4);

    /// The IPv4 address embedded in an IPv4-mapped key (::ffff:a.b.c.d).
    uint32_t low32() const { return static_cast<uint32_t>(lo); }
    /// Address text of this key read as an IPv4 (v4) or IPv6 address.
    std::string toString(bool v4) const;

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
