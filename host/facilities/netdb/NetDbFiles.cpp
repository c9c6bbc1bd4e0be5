#include "host/facilities/netdb/NetDbFiles.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities {

NetDbFiles NetDbFiles::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n,
               {"city_mmdb", "asn_csv", "special_purpose", "rir", "continents", "connection_types", "country_names",
                "zoneinfo_dir"},
               "netdb");
    NetDbFiles c;
    auto files = [&](const char* key, std::vector<std::string>& out) {
        const auto& list = n[key];
        if (!list) return;
        if (!list.IsSequence()) r.fail(list, std::string("netdb.") + key + " must be a list of files");
        for (const auto& f : list) out.push_back(r.path(f, std::string("netdb.") + key));
    };
    auto one = [&](const char* key, std::string& out) {
        if (n[key]) out = r.path(n[key], std::string("netdb.") + key);
    };
    files("city_mmdb", c.city_mmdb);
    files("asn_csv", c.asn_csv);
    one("special_purpose", c.special_purpose);
    one("rir", c.rir);
    one("continents", c.continents);
    one("connection_types", c.connection_types);
    one("country_names", c.country_names);
    one("zoneinfo_dir", c.zoneinfo_dir);
    if (c.special_purpose.empty()) r.fail(n, "netdb needs special_purpose (the IANA registries)");
    return c;
}

}  // namespace ipfacts::facilities
