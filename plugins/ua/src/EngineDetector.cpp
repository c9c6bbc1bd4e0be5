#include "EngineDetector.h"

#include "Replacement.h"
#include "YamlFile.h"

#include <stdexcept>

namespace ipfacts::ua {

EngineDetector::EngineDetector(const YAML::Node& rules, std::string_view context) {
    if (!rules || !rules.IsSequence()) throw std::runtime_error(std::string(context) + " is missing or not a list");
    for (size_t i = 0; i < rules.size(); ++i) {
        std::string where = std::string(context) + "[" + std::to_string(i) + "]";
        const YAML::Node rule = rules[i];
        if (!rule.IsMap()) throw std::runtime_error(where + " is not a mapping");
        std::string version = optionalString(rule, "version", where);
        rules_.push_back(Rule{requiredString(rule, "name", where),
                              Regex(requiredString(rule, "regex", where), Regex::Case::Sensitive, where),
                              version.empty() ? defaultReplacement(1) : version});
    }
}

NameVersion EngineDetector::detect(std::string_view ua) const {
    for (const Rule& rule : rules_) {
        std::optional<RegexMatch> match = rule.regex.search(ua);
        if (match) return NameVersion{rule.name, expandReplacement(rule.version, *match)};
    }
    return {};
}

}  // namespace ipfacts::ua
