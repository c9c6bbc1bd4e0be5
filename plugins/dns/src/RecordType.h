// The record types GET /api/v1/dns accepts (the eleven of docs/api.md), so the
// list lives in one place for parsing, error messages and tests.
#ifndef IPFACTS_PLUGINS_DNS_RECORDTYPE_H
#define IPFACTS_PLUGINS_DNS_RECORDTYPE_H

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::dns {

/// Every type the endpoint answers, upper-case, in the order the docs list them.
inline constexpr std::array<std::string_view, 11> kRecordTypes = {"A",   "AAAA", "MX",  "TXT",    "NS", "SOA",
                                                                  "CAA", "SRV",  "PTR", "DNSKEY", "DS"};

/// The type asked for when the request names none.
inline constexpr std::string_view kDefaultRecordType = "A";

/// The upper-case mnemonic when `text` names one of kRecordTypes in any
/// letter case; nullopt otherwise (empty text included). Thread-safe.
std::optional<std::string_view> parseRecordType(std::string_view text);

/// "A, AAAA, MX, ..." for the invalid_type message.
std::string recordTypeList();

}  // namespace ipfacts::dns

#endif
