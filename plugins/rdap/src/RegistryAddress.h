// RegistryAddress: an address as the registries write it, in RDAP bounds and
// WHOIS ranges alike. ARIN pads IPv4 octets with zeros ("074.125.000.000",
// decimal, not octal); LACNIC leaves a block's trailing zero octets out
// ("200.57.128/19"); IPv6 comes in either letter case, with leading zeros
// ("2001:0240::"). What the summary keeps is the canonical text of the result.
#ifndef IPFACTS_PLUGINS_RDAP_REGISTRYADDRESS_H
#define IPFACTS_PLUGINS_RDAP_REGISTRYADDRESS_H

#include <ipfacts/address.hpp>

#include <optional>
#include <string_view>

namespace ipfacts::rdap {

/// A whole address: four IPv4 octets of one to three decimal digits each
/// (leading zeros allowed), or an IPv6 literal. nullopt for anything else.
std::optional<Address> registryAddress(std::string_view text);

/// The first address of a block as written before its prefix length or in a
/// range: as registryAddress, and an IPv4 text may also stop before its
/// fourth octet, the missing octets being zero ("200.57.128" is 200.57.128.0).
std::optional<Address> registryBlockStart(std::string_view text);

}  // namespace ipfacts::rdap

#endif
