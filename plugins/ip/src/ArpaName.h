// ArpaName: the name an address's PTR records live under (RFC 1035 3.5 for
// in-addr.arpa, RFC 3596 2.5 for ip6.arpa).
//
// The reverse plugin has its own; plugins may not link each other, so this
// is a second small copy until one moves into the SDK.
#ifndef IPFACTS_PLUGINS_IP_ARPANAME_H
#define IPFACTS_PLUGINS_IP_ARPANAME_H

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

/// "1.2.0.192.in-addr.arpa" for 192.0.2.1; for IPv6 the 32 nibbles in
/// reverse order, lower-case hex, then "ip6.arpa". An IPv4-mapped IPv6
/// address (::ffff:a.b.c.d) gets the in-addr.arpa name of its IPv4 address,
/// where its PTR records are kept. No trailing dot. nullopt when `address`
/// is not an address literal.
std::optional<std::string> arpaName(std::string_view address);

}  // namespace ipfacts::ip

#endif
