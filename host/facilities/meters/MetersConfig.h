// MetersConfig: the deployment's `meters:` manifest section, which turns on
// the meters facility (daily budgets per caller address, by meter name).
//
//   meters:
//     privacy: { per_day: 20 }
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <cstdint>
#include <map>
#include <string>

namespace ipfacts::facilities {

struct MetersConfig {
    std::map<std::string, int64_t> per_day;  // budget per caller address a UTC day, by meter name; empty: no facility

    /// Reads the `meters` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static MetersConfig fromYaml(const YAML::Node& meters, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities
