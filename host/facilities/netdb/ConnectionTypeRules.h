// ConnectionTypeRules: what kind of network an AS is (hosting, mobile, ...),
// from the ordered rules of etc/netdb/connection-types.yaml:
//   rules: [{type, asns: [...], as_name_contains: [...]}]   (or a bare list)
// As that file states: an AS number listed in a rule's `asns` decides (a
// number may be listed in one rule only); otherwise the first rule, in file
// order, with a substring the AS name contains (ASCII case-insensitive) wins.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ipfacts::facilities::netdb {

class ConnectionTypeRules {
public:
    /// Loads the YAML file; throws naming file and line on a malformed rule.
    explicit ConnectionTypeRules(const std::string& path);

    /// The type of the rule listing `asn`, else of the first rule whose
    /// substrings match `as_name`; "unknown" when none does. Thread-safe.
    const std::string& typeOf(std::optional<uint32_t> asn, std::string_view as_name) const {
        return typeOf(asn, ruleForName(as_name));
    }

    /// The same with the name's rule known beforehand (from ruleForName):
    /// matching substrings costs a microsecond, so callers with a fixed set of
    /// names work each one out once.
    const std::string& typeOf(std::optional<uint32_t> asn, uint32_t name_rule) const;
    /// The first rule with a substring `as_name` contains; size() when none.
    uint32_t ruleForName(std::string_view as_name) const;

    size_t size() const { return rules_.size(); }

    /// residential, mobile, business, hosting, education, government, unknown.
    static const std::vector<std::string>& types();

private:
    struct Rule {
        uint32_t type;                     // index into types()
        std::vector<std::string> needles;  // lower case
    };
    std::vector<Rule> rules_;
    std::unordered_map<uint32_t, size_t> rule_of_asn_;  // asn -> the rule listing it
};

}  // namespace ipfacts::facilities::netdb
