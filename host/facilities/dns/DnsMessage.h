// DnsMessage: DNS wire format in and out, through ldns, so every record type
// keeps its TTL and its presentation-format data. Shared by the stub resolver
// (c-ares transport) and the DoH client (HTTPS transport).
#pragma once

#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::facilities {

/// A query for `name` (A-label form) and `type` ("AAAA"): RD set, EDNS0 with a
/// 1232-byte UDP size and DO, and AD, so the AD bit of the answer reflects
/// the resolver's validation. nullopt for a malformed name or unknown type.
std::optional<std::string> buildQuery(std::string_view name, std::string_view type, uint16_t id);

/// Fills `out` (rcode, ad, answer section) from a response; on a malformed
/// message sets out.error and rcode -1.
void parseResponse(const unsigned char* wire, size_t len, DnsAnswer& out);

/// An answer that says why no response arrived.
DnsAnswer failedAnswer(std::string source, std::string error, int64_t elapsed_us);

}  // namespace ipfacts::facilities
