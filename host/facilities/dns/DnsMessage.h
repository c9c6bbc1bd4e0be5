// DnsMessage: DNS wire format in and out, through ldns, so every record type
// keeps its TTL and its presentation-format data. Shared by the stub resolver
// (UDP/TCP transport, StubQuery) and the DoH client (HTTPS transport).
#pragma once

#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::facilities {

/// The number of a record type given as text: a mnemonic ldns knows ("AAAA",
/// any letter case) or the RFC 3597 generic form "TYPE" followed by the decimal
/// number, 0..65535 ("TYPE65", "type0065"). nullopt for anything else: an unknown
/// mnemonic, no digits, a sign, a space, a NUL, a number over 65535.
std::optional<uint16_t> parseRrType(std::string_view text);

/// The same for a class: "IN", "CH", "HS", "NONE", "ANY" or "CLASS" + 0..65535.
std::optional<uint16_t> parseRrClass(std::string_view text);

/// The presentation name of a record type: its mnemonic, or "TYPE<n>".
std::string rrTypeName(uint16_t type);

/// A query for `name` (A-label form) and `type` (parseRrType: "AAAA", "TYPE65"):
/// class IN, RD set, EDNS0 with a 1232-byte UDP size and DO, and AD, so the AD
/// bit of the answer reflects the resolver's validation. nullopt for a malformed
/// name (or one holding a NUL), an unknown type or type 0 (reserved).
std::optional<std::string> buildQuery(std::string_view name, std::string_view type, uint16_t id);

/// Fills `out` (rcode, ad, answer section) from a response; on a malformed
/// message sets out.error and rcode -1.
void parseResponse(const unsigned char* wire, size_t len, DnsAnswer& out);

/// An answer that says why no response arrived.
DnsAnswer failedAnswer(std::string source, std::string error, int64_t elapsed_us);

}  // namespace ipfacts::facilities
