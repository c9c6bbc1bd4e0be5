#include "host/facilities/meters/MetersConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <climits>

namespace ipfacts::facilities {

MetersConfig MetersConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    if (!n.IsMap()) r.fail(n, "meters must be a mapping of meter name to { per_day }");
    MetersConfig c;
    for (const auto& kv : n) {
        std::string name = kv.first.as<std::string>();
        if (!manifest::validName(name)) r.fail(kv.first, "meter name '" + name + "' must match [a-z0-9_-]+");
        r.onlyKeys(kv.second, {"per_day"}, "meters." + name);
        if (!kv.second["per_day"]) r.fail(kv.second, "meters." + name + " needs per_day");
        c.per_day[name] = r.integer(kv.second["per_day"], "meters." + name + ".per_day", 0, INT32_MAX);
    }
    return c;
}

}  // namespace ipfacts::facilities
