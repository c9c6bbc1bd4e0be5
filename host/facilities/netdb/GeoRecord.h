// GeoRecord: what a geolocation database says about one address, whichever
// layout it came from; every member is unset when the database is silent.
#pragma once

#include <optional>
#include <string>

namespace ipfacts::facilities::netdb {

struct GeoRecord {
    std::optional<std::string> country;       // ISO 3166-1 alpha-2
    std::optional<std::string> country_name;  // the database's own English name (GeoIP2 layout only)
    std::optional<std::string> continent;     // continent code (GeoIP2 layout only)
    std::optional<std::string> region, region_code, city, postal, timezone;
    std::optional<double> latitude, longitude;

    bool empty() const { return !country && !region && !city && !latitude && !timezone; }
};

}  // namespace ipfacts::facilities::netdb
