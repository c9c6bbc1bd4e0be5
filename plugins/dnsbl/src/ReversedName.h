// ReversedName: the name a blocklist is asked about an address under (RFC
// 5782 2.1 and 2.4): the IPv4 octets or the 32 IPv6 nibbles in reverse
// order, then the list's zone. "192.0.2.99" in "bl.example" is
// "99.2.0.192.bl.example".
#ifndef IPFACTS_PLUGINS_DNSBL_REVERSEDNAME_H
#define IPFACTS_PLUGINS_DNSBL_REVERSEDNAME_H

#include <ipfacts/address.hpp>

#include <string>
#include <string_view>

namespace ipfacts::dnsbl {

/// The reversed labels of `address` without a zone: "99.2.0.192", or 32
/// dot-separated nibbles for IPv6. Takes the address as it is (unmap an
/// IPv4-mapped one first). Pure, thread-safe.
std::string reversedLabels(const Address& address);

/// reversedLabels(address) + "." + zone.
std::string reversedName(const Address& address, std::string_view zone);

}  // namespace ipfacts::dnsbl

#endif
