#include "host/facilities/guard/GuardConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities::guard {

bool GuardConfig::addAllowed(const std::string& cidr) {
    auto range = net::CidrRange::parse(cidr);
    if (!range) return false;
    allow.push_back(*range);
    allow_text.push_back(cidr);
    return true;
}

GuardConfig GuardConfig::fromYaml(const YAML::Node& guard, const std::string& file, const std::string& dir) {
    GuardConfig c;
    if (!guard.IsDefined() || guard.IsNull()) return c;
    const manifest::YamlReader r(file, dir);
    // A typo ("alow") must not silently leave the list empty.
    r.onlyKeys(guard, {"allow", "special_purpose"}, "guard");
    if (const auto& list = guard["allow"]) {
        if (!list.IsSequence()) r.fail(list, "guard.allow must be a list of CIDR blocks");
        for (const auto& item : list) {
            const std::string text = r.str(item, "guard.allow entry");
            if (!c.addAllowed(text)) r.fail(item, "guard.allow entry '" + text + "' is not an address or CIDR block");
        }
    }
    if (guard["special_purpose"]) c.special_purpose = r.path(guard["special_purpose"], "guard.special_purpose");
    return c;
}

}  // namespace ipfacts::facilities::guard
