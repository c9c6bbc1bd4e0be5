// RateTable: the exchange rates of the upstream document,
//   {"base":"EUR","date":"2026-11-22","rates":{"USD":1.0812,"JPY":163.2}}
// read without a JSON library: the document's shape is fixed, so a small
// scanner for the three members is all the plugin needs. Anything else in
// the document is skipped; a document without "base" and "rates" is refused.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rates {

struct RateTable {
    std::string base;                                   ///< "EUR"
    std::string date;                                   ///< as the upstream wrote it; empty when absent
    std::vector<std::pair<std::string, double>> rates;  ///< currency code, units per base unit

    /// The rate of `currency`, if the document lists it.
    std::optional<double> rateOf(std::string_view currency) const;
};

/// Reads the document; nullopt when it is not of the shape above.
std::optional<RateTable> parseRateTable(std::string_view json);

/// True for a currency code: three ASCII capital letters ("USD").
bool isCurrencyCode(std::string_view code);

}  // namespace rates
