// Reading one manifest section alone, the way the manifest reader calls a
// facility's <Name>Config::fromYaml: its value, or the "file:line: message"
// it refuses with. The file is always "m.yaml".
#pragma once

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <string>

namespace ipfacts::testing {

/// The section `name` of a YAML text, read by Config::fromYaml as m.yaml in `dir`.
template <class Config>
class SectionReading {
public:
    explicit SectionReading(const char* name, std::string dir = "/etc") : name_(name), dir_(std::move(dir)) {}

    Config read(const std::string& yaml) const {
        const YAML::Node root = YAML::Load(yaml);
        return Config::fromYaml(root[name_], "m.yaml", dir_);
    }

    /// The ConfigError's what(), or "" when the section reads.
    std::string error(const std::string& yaml) const {
        try {
            read(yaml);
        } catch (const manifest::ConfigError& e) {
            return e.what();
        }
        return "";
    }

private:
    const char* name_;
    std::string dir_;
};

}  // namespace ipfacts::testing
