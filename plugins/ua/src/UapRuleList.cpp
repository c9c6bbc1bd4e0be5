#include "UapRuleList.h"

#include "Replacement.h"
#include "YamlFile.h"

#include <stdexcept>

namespace ipfacts::ua {

UapRuleList::UapRuleList(const YAML::Node& entries, const std::vector<UapField>& fields, std::string_view context) {
    if (!entries || !entries.IsSequence()) throw std::runtime_error(std::string(context) + " is missing or not a list");
    rules_.reserve(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        const YAML::Node entry = entries[i];
        std::string where = std::string(context) + "[" + std::to_string(i) + "]";
        if (!entry.IsMap()) throw std::runtime_error(where + " is not a mapping");
        std::string flag = optionalString(entry, "regex_flag", where);
        if (!flag.empty() && flag != "i") throw std::runtime_error(where + ": unknown regex_flag '" + flag + "'");
        Regex regex(requiredString(entry, "regex", where),
                    flag == "i" ? Regex::Case::Insensitive : Regex::Case::Sensitive, where);
        std::vector<std::string> templates;
        templates.reserve(fields.size());
        for (const UapField& field : fields) {
            std::string replacement = optionalString(entry, field.replacementKey, where);
            if (replacement.empty() && field.defaultGroup > 0) replacement = defaultReplacement(field.defaultGroup);
            templates.push_back(std::move(replacement));
        }
        rules_.push_back(Rule{std::move(regex), std::move(templates)});
    }
}

std::optional<UapFields> UapRuleList::firstMatch(std::string_view ua) const {
    for (const Rule& rule : rules_) {
        std::optional<RegexMatch> match = rule.regex.search(ua);
        if (!match) continue;
        UapFields out;
        out.reserve(rule.templates.size());
        for (const std::string& t : rule.templates)
            out.push_back(t.empty() ? std::nullopt : expandReplacement(t, *match));
        return out;
    }
    return std::nullopt;
}

}  // namespace ipfacts::ua
