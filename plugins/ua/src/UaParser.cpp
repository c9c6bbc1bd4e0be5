#include "UaParser.h"

namespace ipfacts::ua {
namespace {

/// uap-core's "Other" means it knows no name: the API says null.
std::optional<std::string> knownName(const std::string& family) {
    if (family.empty() || family == UapParser::kOther) return std::nullopt;
    return family;
}

/// major[.minor[.patch]], stopping at the first part that is absent.
std::optional<std::string> versionString(const std::optional<std::string>& major,
                                         const std::optional<std::string>& minor,
                                         const std::optional<std::string>& patch) {
    if (!major) return std::nullopt;
    std::string v = *major;
    if (!minor) return v;
    v += '.' + *minor;
    if (patch) v += '.' + *patch;
    return v;
}

}  // namespace

UaParser::UaParser(const std::string& regexesPath, const std::string& rulesPath)
    : uap_(regexesPath), rules_(rulesPath) {}

UaResult UaParser::parse(std::string_view ua) const {
    UaResult r;
    if (ua.empty()) return r;

    UapAgent agent = uap_.parseAgent(ua);
    UapOs os = uap_.parseOs(ua);
    UapDevice device = uap_.parseDevice(ua);

    r.browser = {knownName(agent.family), versionString(agent.major, agent.minor, agent.patch)};
    r.os = {knownName(os.family), versionString(os.major, os.minor, os.patch)};
    r.engine = rules_.engines().detect(ua);
    r.cli = rules_.isCli(ua);
    r.bot = rules_.isBot(ua, device.family, r.cli);
    const std::string brand = device.brand.value_or("");
    const std::string model = device.model.value_or("");
    r.device = rules_.deviceClasses().classify(
        DeviceFacts{ua, agent.family, os.family, device.family, brand, model, r.bot, r.cli});
    return r;
}

}  // namespace ipfacts::ua
