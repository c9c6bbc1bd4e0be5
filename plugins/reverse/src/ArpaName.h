// ArpaName: the name an address's PTR records live under (RFC 1035 section
// 3.5 for in-addr.arpa, RFC 3596 section 2.5 for ip6.arpa).
#ifndef IPFACTS_PLUGINS_REVERSE_ARPANAME_H
#define IPFACTS_PLUGINS_REVERSE_ARPANAME_H

#include "IpAddress.h"

#include <string>

namespace ipfacts::reverse {

/// "1.2.0.192.in-addr.arpa" for 192.0.2.1; for IPv6 the 32 nibbles in
/// reverse order, lower-case hex, then "ip6.arpa". No trailing dot.
/// The address is taken as it is: unmap an IPv4-mapped one first.
std::string arpaName(const IpAddress& address);

}  // namespace ipfacts::reverse

#endif
