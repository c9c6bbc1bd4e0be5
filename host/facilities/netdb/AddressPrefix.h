// AddressPrefix: a CIDR block ("192.0.2.0/24", "2001:db8::/32") as the
// inclusive range of AddressKeys it covers. Validation and address parsing
// are CidrRange's and IpAddress's; this only adds the range arithmetic the
// sorted tables need.
#pragma once

#include "host/facilities/netdb/AddressKey.h"

#include <optional>
#include <string_view>

namespace ipfacts::facilities::netdb {

struct AddressPrefix {
    bool v4 = true;
    unsigned length = 0;  // prefix length in bits
    AddressKey first, last;

    /// nullopt when `text` is not a CIDR block or a bare address.
    static std::optional<AddressPrefix> parse(std::string_view text);

    bool contains(const AddressKey& k) const { return first <= k && k <= last; }
};

}  // namespace ipfacts::facilities::netdb
