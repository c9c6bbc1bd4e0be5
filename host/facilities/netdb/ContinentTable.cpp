#include "host/facilities/netdb/ContinentTable.h"

#include "host/facilities/netdb/YamlSource.h"

#include <algorithm>

namespace ipfacts::facilities::netdb {

const std::vector<std::string>& ContinentTable::codes() {
    static const std::vector<std::string> c = {"AF", "AN", "AS", "EU", "NA", "OC", "SA"};
    return c;
}

ContinentTable::ContinentTable(const std::string& path) {
    YamlSource src(path);
    YAML::Node countries = src.root()["countries"];
    if (!countries || !countries.IsMap()) src.fail(src.root(), "missing `countries` map");
    for (const auto& kv : countries) {
        // Unquoted NO (Norway) is still the string "NO" here: scalars are read as text.
        const std::string code = src.scalar(kv.first, "a country code");
        auto slot = countrySlot(code);
        if (!slot) src.fail(kv.first, "`" + code + "` is not a two-letter code");
        const std::string continent = src.scalar(kv.second, "the continent of " + code);
        if (std::find(codes().begin(), codes().end(), continent) == codes().end())
            src.fail(kv.second, "unknown continent `" + continent + "`");
        if (continents_[*slot].empty()) ++count_;
        continents_[*slot] = continent;
    }
}

const std::string* ContinentTable::continentOf(std::string_view country) const {
    auto slot = countrySlot(country);
    if (!slot || continents_[*slot].empty()) return nullptr;
    return &continents_[*slot];
}

}  // namespace ipfacts::facilities::netdb
