// Device class of a user agent, by the ordered rules under `device_classes`
// in etc/ua.yaml.
#ifndef IPFACTS_UA_DEVICE_CLASSIFIER_HPP
#define IPFACTS_UA_DEVICE_CLASSIFIER_HPP

#include "DeviceClass.h"
#include "Regex.h"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string_view>
#include <vector>

namespace ipfacts::ua {

/// What the rules may test for one UA: the string itself, uap-core's
/// families ("Other" when uap-core knows none), brand and model (empty when
/// absent) and the bot/cli verdicts already reached.
struct DeviceFacts {
    std::string_view ua;
    std::string_view browser;  // uap-core user agent family
    std::string_view os;       // uap-core OS family
    std::string_view device;   // uap-core device family ("Spider" for crawlers)
    std::string_view brand;
    std::string_view model;
    bool bot = false;
    bool cli = false;
};

/// First-match-wins rules. Each rule names a `class` and any of the
/// conditions `ua`, `browser`, `os`, `device`, `brand`, `model` (PCRE2
/// regexes, case-sensitive unless they say (?i), unanchored unless they say
/// ^...$) and `bot`, `cli` (booleans); a rule applies when all its
/// conditions hold. No rule applying gives Unknown.
/// Immutable after construction; classify() is thread-safe.
class DeviceClassifier {
public:
    /// Compiles the YAML sequence `rules`. Throws std::runtime_error naming
    /// `context` and the entry on an unknown key, a class outside the
    /// documented set, a rule without conditions or a bad regex.
    DeviceClassifier(const YAML::Node& rules, std::string_view context);

    DeviceClass classify(const DeviceFacts& facts) const;

private:
    struct Rule {
        DeviceClass result = DeviceClass::Unknown;
        std::optional<Regex> ua, browser, os, device, brand, model;
        std::optional<bool> bot, cli;

        bool appliesTo(const DeviceFacts& facts) const;
    };

    static Rule compile(const YAML::Node& rule, const std::string& where);

    std::vector<Rule> rules_;
};

}  // namespace ipfacts::ua

#endif
