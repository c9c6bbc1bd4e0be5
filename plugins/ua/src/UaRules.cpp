#include "UaRules.h"

#include "YamlFile.h"

#include <stdexcept>

namespace ipfacts::ua {
namespace {

/// parent[key], or a null node when `parent` is absent or not a mapping
/// (yaml-cpp throws an unhelpful InvalidNode for a key of a missing node).
YAML::Node childOf(const YAML::Node& parent, const char* key) {
    return parent && parent.IsMap() ? parent[key] : YAML::Node();
}

std::set<std::string, std::less<>> stringSet(const YAML::Node& list, const std::string& context) {
    std::set<std::string, std::less<>> out;
    if (!list || list.IsNull()) return out;
    if (!list.IsSequence()) throw std::runtime_error(context + " is not a list");
    for (const auto& item : list) out.insert(item.as<std::string>());
    return out;
}

size_t maxUaBytesOf(const YAML::Node& root, const std::string& path) {
    const YAML::Node value = childOf(childOf(root, "limits"), "max_ua_bytes");
    if (!value || value.IsNull()) return UaRules::kDefaultMaxUaBytes;
    long long n = 0;
    try {
        n = value.as<long long>();
    } catch (const YAML::Exception&) {
        n = 0;
    }
    if (n <= 0) throw std::runtime_error(path + ": limits.max_ua_bytes must be a positive integer");
    return static_cast<size_t>(n);
}

}  // namespace

UaRules::UaRules(const std::string& path) : UaRules(loadYamlFile(path, "UA rules"), path) {}

UaRules::UaRules(const YAML::Node& root, const std::string& path)
    : engines_(root["engines"], path + ": engines"),
      botPatterns_(childOf(root["bots"], "patterns"), path + ": bots.patterns"),
      botUapFamilies_(stringSet(childOf(root["bots"], "uap_device_families"), path + ": bots.uap_device_families")),
      cliPatterns_(childOf(root["cli"], "patterns"), path + ": cli.patterns"),
      deviceClasses_(root["device_classes"], path + ": device_classes"),
      maxUaBytes_(maxUaBytesOf(root, path)) {}

bool UaRules::isBot(std::string_view ua, std::string_view uapDeviceFamily, bool cli) const {
    if (botPatterns_.matchesAny(ua)) return true;
    return !cli && botUapFamilies_.count(uapDeviceFamily) > 0;
}

}  // namespace ipfacts::ua
