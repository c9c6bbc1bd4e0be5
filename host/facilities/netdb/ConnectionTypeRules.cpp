#include "host/facilities/netdb/ConnectionTypeRules.h"

#include "host/facilities/netdb/YamlSource.h"

#include <algorithm>

namespace ipfacts::facilities::netdb {

namespace {

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lowerAscii(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) { return lowerAscii(c); });
    return out;
}

/// Accepts `rules: [...]` or the list itself as the document.
YAML::Node ruleList(const YamlSource& src) {
    if (src.root().IsSequence()) return src.root();
    if (!src.root().IsMap()) src.fail(src.root(), "expected `rules:` or a list of rules");
    return src.sequence(src.root(), "rules");
}

}  // namespace

const std::vector<std::string>& ConnectionTypeRules::types() {
    static const std::vector<std::string> t = {"residential", "mobile",     "business", "hosting",
                                               "education",   "government", "unknown"};
    return t;
}

ConnectionTypeRules::ConnectionTypeRules(const std::string& path) {
    YamlSource src(path);
    for (const auto& node : ruleList(src)) {
        if (!node.IsMap()) src.fail(node, "a rule is not a map");
        const std::string type = src.text(node, "type");
        auto it = std::find(types().begin(), types().end(), type);
        if (it == types().end()) src.fail(node["type"], "unknown connection type `" + type + "`");
        Rule rule{static_cast<uint32_t>(it - types().begin()), {}};
        for (const auto& asn : src.optionalSequence(node, "asns")) {
            const uint32_t n = src.numberAt(asn, "an `asns` entry");
            auto [it, added] = rule_of_asn_.try_emplace(n, rules_.size());
            // Listed numbers decide regardless of order, so one in two rules is ambiguous.
            if (!added && it->second != rules_.size())
                src.fail(asn,
                         "AS" + std::to_string(n) + " is already listed by rule " + std::to_string(it->second + 1));
        }
        for (const auto& needle : src.optionalSequence(node, "as_name_contains"))
            rule.needles.push_back(lowerAscii(src.scalar(needle, "an `as_name_contains` entry")));
        rules_.push_back(std::move(rule));
    }
}

uint32_t ConnectionTypeRules::ruleForName(std::string_view as_name) const {
    const auto none = static_cast<uint32_t>(rules_.size());
    if (as_name.empty()) return none;
    const std::string name = lowerAscii(as_name);
    for (uint32_t i = 0; i < none; ++i)
        for (const auto& needle : rules_[i].needles)
            if (name.find(needle) != std::string::npos) return i;
    return none;
}

const std::string& ConnectionTypeRules::typeOf(std::optional<uint32_t> asn, uint32_t name_rule) const {
    size_t rule = name_rule;
    if (asn)
        if (auto it = rule_of_asn_.find(*asn); it != rule_of_asn_.end()) rule = it->second;
    return rule < rules_.size() ? types()[rules_[rule].type] : types().back();
}

}  // namespace ipfacts::facilities::netdb
