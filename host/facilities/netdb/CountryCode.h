// CountryCode: an ISO 3166-1 alpha-2 code as a slot 0..675 in a flat table,
// so per-country facts are found by indexing, not hashing.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace ipfacts::facilities::netdb {

inline constexpr size_t kCountrySlots = 26 * 26;

/// The slot of a two-letter code (either case); nullopt for anything else.
std::optional<size_t> countrySlot(std::string_view code);

}  // namespace ipfacts::facilities::netdb
