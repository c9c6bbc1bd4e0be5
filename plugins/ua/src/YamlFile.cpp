#include "YamlFile.h"

#include <fstream>
#include <stdexcept>

namespace ipfacts::ua {

YAML::Node loadYamlFile(const std::string& path, std::string_view what) {
    std::string prefix = std::string(what) + " file '" + path + "'";
    // yaml-cpp's own message for a missing file ("bad file") does not say
    // which file; check first so the host log does.
    std::ifstream in(path);
    if (!in) throw std::runtime_error(prefix + " cannot be opened");
    YAML::Node root;
    try {
        root = YAML::Load(in);
    } catch (const YAML::Exception& e) {
        throw std::runtime_error(prefix + " is not valid YAML: " + e.what());
    }
    if (!root.IsMap()) throw std::runtime_error(prefix + " does not hold a YAML mapping at the top");
    return root;
}

std::string requiredString(const YAML::Node& node, const char* key, std::string_view context) {
    const YAML::Node value = node[key];
    if (!value || !value.IsScalar())
        throw std::runtime_error(std::string(context) + ": '" + key + "' is missing or not a string");
    return value.as<std::string>();
}

std::string optionalString(const YAML::Node& node, const char* key, std::string_view context) {
    const YAML::Node value = node[key];
    if (!value || value.IsNull()) return {};
    if (!value.IsScalar()) throw std::runtime_error(std::string(context) + ": '" + key + "' is not a string");
    return value.as<std::string>();
}

}  // namespace ipfacts::ua
