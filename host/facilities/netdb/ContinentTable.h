// ContinentTable: the continent code (AF, AN, AS, EU, NA, OC, SA) of each
// country, from etc/netdb/continents.yaml (countries: {US: NA, ...}). The
// reduced mmdb layout carries only the country, so this fills `continent`.
#pragma once

#include "host/facilities/netdb/CountryCode.h"

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

class ContinentTable {
public:
    /// Loads the YAML file; throws naming file and line on a bad entry.
    explicit ContinentTable(const std::string& path);

    /// The continent code, or nullptr when the country is not listed. Thread-safe.
    const std::string* continentOf(std::string_view country) const;

    size_t size() const { return count_; }

    static const std::vector<std::string>& codes();

private:
    std::vector<std::string> continents_ = std::vector<std::string>(kCountrySlots);
    size_t count_ = 0;
};

}  // namespace ipfacts::facilities::netdb
