#include "UapParser.h"

#include "YamlFile.h"

namespace ipfacts::ua {
namespace {

// Field order and default groups as uap-core's specification gives them:
// without a replacement, group 1 is the family and groups 2.. the version
// parts; a device's model defaults to group 1 and its brand to nothing.
const std::vector<UapField> kAgentFields = {
    {"family_replacement", 1}, {"v1_replacement", 2}, {"v2_replacement", 3}, {"v3_replacement", 4}};
const std::vector<UapField> kOsFields = {{"os_replacement", 1},
                                         {"os_v1_replacement", 2},
                                         {"os_v2_replacement", 3},
                                         {"os_v3_replacement", 4},
                                         {"os_v4_replacement", 5}};
const std::vector<UapField> kDeviceFields = {
    {"device_replacement", 1}, {"brand_replacement", 0}, {"model_replacement", 1}};

std::string familyOrOther(std::optional<std::string> family) {
    return family ? std::move(*family) : std::string(UapParser::kOther);
}

}  // namespace

UapParser::UapParser(const std::string& path) : UapParser(loadYamlFile(path, "uap-core regexes"), path) {}

UapParser::UapParser(const YAML::Node& root, const std::string& path)
    : agents_(root["user_agent_parsers"], kAgentFields, path + ": user_agent_parsers"),
      oses_(root["os_parsers"], kOsFields, path + ": os_parsers"),
      devices_(root["device_parsers"], kDeviceFields, path + ": device_parsers") {}

UapAgent UapParser::parseAgent(std::string_view ua) const {
    std::optional<UapFields> f = agents_.firstMatch(ua);
    if (!f) return UapAgent{kOther, {}, {}, {}};
    return UapAgent{familyOrOther(std::move((*f)[0])), std::move((*f)[1]), std::move((*f)[2]), std::move((*f)[3])};
}

UapOs UapParser::parseOs(std::string_view ua) const {
    std::optional<UapFields> f = oses_.firstMatch(ua);
    if (!f) return UapOs{kOther, {}, {}, {}, {}};
    return UapOs{familyOrOther(std::move((*f)[0])), std::move((*f)[1]), std::move((*f)[2]), std::move((*f)[3]),
                 std::move((*f)[4])};
}

UapDevice UapParser::parseDevice(std::string_view ua) const {
    std::optional<UapFields> f = devices_.firstMatch(ua);
    if (!f) return UapDevice{kOther, {}, {}};
    return UapDevice{familyOrOther(std::move((*f)[0])), std::move((*f)[1]), std::move((*f)[2])};
}

}  // namespace ipfacts::ua
