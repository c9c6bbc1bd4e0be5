// Loading the plugin's YAML data files with errors that name the file.
#ifndef IPFACTS_UA_YAML_FILE_HPP
#define IPFACTS_UA_YAML_FILE_HPP

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

namespace ipfacts::ua {

/// Parses the YAML file at `path`. `what` says what the file is for
/// ("uap-core regexes"), so the message tells an operator which manifest
/// setting to fix. Throws std::runtime_error when the file is missing,
/// unreadable, not YAML, or not a mapping at the top.
YAML::Node loadYamlFile(const std::string& path, std::string_view what);

/// A required string scalar `key` of `node`; throws std::runtime_error
/// naming `context` when it is absent or not a scalar.
std::string requiredString(const YAML::Node& node, const char* key, std::string_view context);

/// An optional string scalar; empty when absent. Throws when present but
/// not a scalar.
std::string optionalString(const YAML::Node& node, const char* key, std::string_view context);

}  // namespace ipfacts::ua

#endif
