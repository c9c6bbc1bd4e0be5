#include "DeviceClassifier.h"

#include "YamlFile.h"

#include <stdexcept>
#include <string>

namespace ipfacts::ua {
namespace {

bool holds(const std::optional<Regex>& condition, std::string_view value) {
    return !condition || condition->matches(value);
}

bool holds(const std::optional<bool>& condition, bool value) { return !condition || *condition == value; }

std::optional<Regex> regexCondition(const YAML::Node& rule, const char* key, const std::string& where) {
    std::string pattern = optionalString(rule, key, where);
    if (pattern.empty()) return std::nullopt;
    return Regex(pattern, Regex::Case::Sensitive, where + "." + key);
}

std::optional<bool> boolCondition(const YAML::Node& rule, const char* key, const std::string& where) {
    const YAML::Node value = rule[key];
    if (!value) return std::nullopt;
    try {
        return value.as<bool>();
    } catch (const YAML::Exception&) {
        throw std::runtime_error(where + ": '" + key + "' must be true or false");
    }
}

void rejectUnknownKeys(const YAML::Node& rule, const std::string& where) {
    static const char* const kKeys[] = {"class", "ua", "browser", "os", "device", "brand", "model", "bot", "cli"};
    for (const auto& entry : rule) {
        std::string key = entry.first.as<std::string>();
        bool known = false;
        for (const char* k : kKeys) known = known || key == k;
        if (!known) throw std::runtime_error(where + ": unknown key '" + key + "'");
    }
}

}  // namespace

DeviceClassifier::DeviceClassifier(const YAML::Node& rules, std::string_view context) {
    if (!rules || !rules.IsSequence()) throw std::runtime_error(std::string(context) + " is missing or not a list");
    rules_.reserve(rules.size());
    for (size_t i = 0; i < rules.size(); ++i)
        rules_.push_back(compile(rules[i], std::string(context) + "[" + std::to_string(i) + "]"));
}

DeviceClassifier::Rule DeviceClassifier::compile(const YAML::Node& rule, const std::string& where) {
    if (!rule.IsMap()) throw std::runtime_error(where + " is not a mapping");
    rejectUnknownKeys(rule, where);
    std::string name = requiredString(rule, "class", where);
    std::optional<DeviceClass> result = deviceClassFromName(name);
    if (!result) throw std::runtime_error(where + ": '" + name + "' is not a documented device class");
    Rule r;
    r.result = *result;
    r.ua = regexCondition(rule, "ua", where);
    r.browser = regexCondition(rule, "browser", where);
    r.os = regexCondition(rule, "os", where);
    r.device = regexCondition(rule, "device", where);
    r.brand = regexCondition(rule, "brand", where);
    r.model = regexCondition(rule, "model", where);
    r.bot = boolCondition(rule, "bot", where);
    r.cli = boolCondition(rule, "cli", where);
    // A rule with no condition would silently shadow every rule after it.
    if (rule.size() < 2) throw std::runtime_error(where + " has no condition");
    return r;
}

bool DeviceClassifier::Rule::appliesTo(const DeviceFacts& f) const {
    return holds(bot, f.bot) && holds(cli, f.cli) && holds(os, f.os) && holds(device, f.device) &&
           holds(brand, f.brand) && holds(model, f.model) && holds(browser, f.browser) && holds(ua, f.ua);
}

DeviceClass DeviceClassifier::classify(const DeviceFacts& facts) const {
    for (const Rule& rule : rules_)
        if (rule.appliesTo(facts)) return rule.result;
    return DeviceClass::Unknown;
}

}  // namespace ipfacts::ua
