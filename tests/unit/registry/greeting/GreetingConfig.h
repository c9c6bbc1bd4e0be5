// GreetingConfig: the greeting: section of the test-only greeting facility,
// read the way every facility reads its section (YamlReader, file:line).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace ipfacts::facilities::greeting {

struct GreetingConfig {
    std::string text = "hello";
    bool ready = true;  // what its /readyz check answers

    /// Reads `greeting: { text, ready }`; throws manifest::ConfigError.
    static GreetingConfig fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities::greeting
