#include "host/facilities/netdb/AddressPrefix.h"

#include <charconv>

namespace ipfacts::facilities::netdb {

namespace {

/// Host-part mask of a prefix of `length` bits within `bits` (32 or 128).
AddressKey hostMask(unsigned length, unsigned bits) {
    unsigned host = bits - length;  // 0..128
    AddressKey m;
    if (host >= 64) {
        m.lo = ~0ull;
        m.hi = host == 128 ? ~0ull : (host == 64 ? 0 : (~0ull >> (128 - host)));
    } else {
        m.lo = host == 0 ? 0 : (~0ull >> (64 - host));
    }
    return m;
}

}  // namespace

std::optional<AddressPrefix> AddressPrefix::parse(std::string_view text) {
    if (!net::CidrRange::parse(text)) return std::nullopt;
    const size_t slash = text.find('/');
    auto base = net::IpAddress::parse(text.substr(0, slash));
    if (!base) return std::nullopt;
    AddressPrefix p;
    p.v4 = base->isV4();
    const unsigned bits = p.v4 ? 32 : 128;
    p.length = bits;
    if (slash != std::string_view::npos) {
        // CidrRange::parse already checked these are 1-3 digits within range.
        std::string_view digits = text.substr(slash + 1);
        std::from_chars(digits.data(), digits.data() + digits.size(), p.length);
    }
    const AddressKey key = AddressKey::of(*base), mask = hostMask(p.length, bits);
    p.first = {key.hi & ~mask.hi, key.lo & ~mask.lo};
    p.last = {p.first.hi | mask.hi, p.first.lo | mask.lo};
    return p;
}

}  // namespace ipfacts::facilities::netdb
