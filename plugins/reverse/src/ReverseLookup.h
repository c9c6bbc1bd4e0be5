// ReverseLookup: the PTR query and the forward confirmation behind
// GET /api/v1/reverse/{ip}, through the host's resolver facility.
// Apart from the plugin class so a fake host can drive it.
#ifndef IPFACTS_PLUGINS_REVERSE_REVERSELOOKUP_H
#define IPFACTS_PLUGINS_REVERSE_REVERSELOOKUP_H

#include "ReverseFacts.h"

#include <ipfacts/plugin.hpp>
#include <ipfacts/reasons.hpp>

#include <cstddef>
#include <string_view>

namespace ipfacts::reverse {

/// Why `hostnames` is empty when the host has no resolver: section (the
/// SDK's shared wording, ipfacts/reasons.hpp).
inline constexpr std::string_view kNoResolverReason = ipfacts::kNoResolverReason;
/// Why `forward_addresses` is empty when `hostnames` is.
inline constexpr std::string_view kNoNameToResolveReason = "not looked up: there is no PTR host name to resolve";
/// Why `forward_addresses` is empty when every forward question was answered
/// (NOERROR or NXDOMAIN) without an A or AAAA record.
inline constexpr std::string_view kNoForwardRecordsReason = "the PTR host names have no A or AAAA record";

/// At most this many hostnames are resolved forward (two questions each);
/// an address with hundreds of PTR records must not fan out without bound.
inline constexpr size_t kMaxForwardNames = 10;

/// Looks `address` up: an IPv4-mapped IPv6 address as its IPv4 address;
/// one PTR question for its arpa name, then one parallel batch of A and
/// AAAA questions for the hostnames found. Blocking. Failures never throw:
/// the affected list stays empty (or partial) and `reasons` says why,
/// keyed "hostnames" (no PTR record: NXDOMAIN or NODATA; the PTR query
/// failed: timeout, SERVFAIL, ...; or there is no resolver, all in the
/// SDK's shared words of ipfacts/reasons.hpp) and "forward_addresses"
/// (nothing to resolve, no A/AAAA record, or some forward questions failed
/// or were not asked). A non-empty `hostnames` has no reason.
/// Thread-safe.
ReverseFacts lookUpReverse(const Host& host, const Address& address);

}  // namespace ipfacts::reverse

#endif
