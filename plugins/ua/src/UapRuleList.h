// One of uap-core's ordered parser lists (user_agent_parsers, os_parsers,
// device_parsers): the first regex that matches decides every field.
#ifndef IPFACTS_UA_UAP_RULE_LIST_HPP
#define IPFACTS_UA_UAP_RULE_LIST_HPP

#include "Regex.h"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::ua {

/// One output field of a list: the regexes.yaml key that may override it and
/// the capture group it defaults to (0: no default, absent unless overridden).
struct UapField {
    const char* replacementKey;
    int defaultGroup;
};

/// The fields of the first matching rule, in the order the UapField list gave.
using UapFields = std::vector<std::optional<std::string>>;

/// An ordered list of uap-core rules with their replacement templates.
/// Immutable after construction; firstMatch() is thread-safe.
class UapRuleList {
public:
    /// Compiles every entry of `entries` (a YAML sequence of maps with
    /// `regex`, optional `regex_flag: 'i'` and the replacement keys of
    /// `fields`). `context` names the list in error messages. Throws
    /// std::runtime_error on a malformed entry or a regex that does not compile.
    UapRuleList(const YAML::Node& entries, const std::vector<UapField>& fields, std::string_view context);

    /// The fields produced by the first rule matching `ua`, or nullopt when
    /// no rule matches.
    std::optional<UapFields> firstMatch(std::string_view ua) const;

    size_t size() const { return rules_.size(); }

private:
    struct Rule {
        Regex regex;
        std::vector<std::string> templates;  // one per field; empty: the field is absent
    };

    std::vector<Rule> rules_;
};

}  // namespace ipfacts::ua

#endif
