// ReverseName: the name a PTR question is asked about when /api/v1/dns is
// given an address literal, so `name=192.0.2.1&type=PTR` just works.
#ifndef IPFACTS_PLUGINS_DNS_REVERSENAME_H
#define IPFACTS_PLUGINS_DNS_REVERSENAME_H

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::dns {

/// For an IPv4 literal, its in-addr.arpa name ("1.2.0.192.in-addr.arpa");
/// for an IPv6 literal, its ip6.arpa name (32 nibbles, reversed); no trailing
/// dot. An IPv4-mapped IPv6 literal (::ffff:a.b.c.d) gets the in-addr.arpa
/// name of its IPv4 address, where its PTR records actually live. nullopt
/// when `text` is not an address literal as inet_pton reads it. Thread-safe.
std::optional<std::string> reverseNameOf(std::string_view text);

}  // namespace ipfacts::dns

#endif
