// CountryNames: English short names of countries by ISO 3166-1 alpha-2 code,
// from Debian iso-codes' iso_3166-1.json ({"3166-1": [{alpha_2, name, ...}]}).
// The `name` member is used, not `common_name`, so every code reads the way
// the standard writes it ("Taiwan, Province of China").
#pragma once

#include "host/facilities/netdb/CountryCode.h"

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

class CountryNames {
public:
    /// Loads the JSON file; throws naming the file (and line) when it is unusable.
    explicit CountryNames(const std::string& path);

    /// The name, or nullptr for a code the file does not list. Thread-safe.
    const std::string* nameOf(std::string_view code) const;

    size_t size() const { return count_; }

private:
    std::vector<std::string> names_ = std::vector<std::string>(kCountrySlots);
    size_t count_ = 0;
};

}  // namespace ipfacts::facilities::netdb
