// SectionReader: a top-level manifest section that a part of the host reads
// with its own reader (each facility's <Name>Config::fromYaml, registered in
// host/facilities/FacilityRegistry.h). The manifest reader allows its key,
// hands it the section and keeps what it returns in Manifest::sections.
#pragma once

#include <yaml-cpp/yaml.h>

#include <any>
#include <functional>
#include <string>

namespace ipfacts::manifest {

struct Manifest;

struct SectionReader {
    /// The top-level key, "http".
    std::string key;
    /// Reads the section found under `key` of manifest `file` in folder `dir`;
    /// throws ConfigError ("file:line: message").
    std::function<std::any(const YAML::Node& section, const std::string& file, const std::string& dir)> read;
    /// Optional: once every section is read, refuses (throws ConfigError) what
    /// this one needs of the others ("http.resolve: resolver needs a resolver: section").
    std::function<void(const YAML::Node& root, const Manifest& m)> check;
};

/// The reader of section `key` by `Config::fromYaml(node, file, dir)`.
template <class Config>
SectionReader sectionOf(std::string key) {
    return {std::move(key),
            [](const YAML::Node& n, const std::string& file, const std::string& dir) {
                return std::any(Config::fromYaml(n, file, dir));
            },
            {}};
}

}  // namespace ipfacts::manifest
