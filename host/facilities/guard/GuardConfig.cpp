#include "host/facilities/guard/GuardConfig.h"

namespace ipfacts::facilities::guard {
namespace {

[[noreturn]] void fail(const std::string& file, const YAML::Node& at, const std::string& msg) {
    int line = at.IsDefined() ? at.Mark().line + 1 : 0;
    throw GuardConfigError(file + ":" + std::to_string(line) + ": " + msg);
}

}  // namespace

bool GuardConfig::addAllowed(const std::string& cidr) {
    auto range = net::CidrRange::parse(cidr);
    if (!range) return false;
    allow.push_back(*range);
    allow_text.push_back(cidr);
    return true;
}

GuardConfig GuardConfig::fromYaml(const YAML::Node& guard, const std::string& file) {
    GuardConfig c;
    if (!guard.IsDefined() || guard.IsNull()) return c;
    if (!guard.IsMap()) fail(file, guard, "guard must be a mapping");
    for (const auto& kv : guard) {
        // A typo ("alow") must not silently leave the list empty.
        const std::string key = kv.first.as<std::string>();
        if (key != "allow") fail(file, kv.first, "unknown key '" + key + "' in guard");
    }
    const YAML::Node list = guard["allow"];
    if (!list.IsDefined() || list.IsNull()) return c;
    if (!list.IsSequence()) fail(file, list, "guard.allow must be a list of CIDR blocks");
    for (const auto& item : list) {
        if (!item.IsScalar()) fail(file, item, "guard.allow entries must be strings");
        const std::string text = item.as<std::string>();
        if (!c.addAllowed(text)) fail(file, item, "guard.allow entry '" + text + "' is not an address or CIDR block");
    }
    return c;
}

}  // namespace ipfacts::facilities::guard
