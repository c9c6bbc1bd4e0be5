// YamlSource: one YAML (or JSON) file loaded with yaml-cpp, and the checks
// every netdb data file needs, each failing with std::runtime_error that
// names the file and the line, so a bad edit is found without a debugger.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

namespace ipfacts::facilities::netdb {

class YamlSource {
public:
    /// Reads and parses `path`; throws naming the file when it is missing or malformed.
    explicit YamlSource(std::string path);

    const YAML::Node& root() const { return root_; }
    const std::string& path() const { return path_; }

    /// "<path>:<line>: <what>" for a problem at `at`.
    [[noreturn]] void fail(const YAML::Node& at, std::string_view what) const;

    /// `node[key]` as a sequence; throws when absent or not a sequence.
    YAML::Node sequence(const YAML::Node& node, const char* key) const;
    /// `node[key]` as a sequence, or an empty node when absent.
    YAML::Node optionalSequence(const YAML::Node& node, const char* key) const;
    /// `node[key]` as a non-empty scalar string.
    std::string text(const YAML::Node& node, const char* key) const;
    /// `node` itself as a non-empty scalar string.
    std::string scalar(const YAML::Node& node, std::string_view what) const;
    /// `node[key]` as an unsigned 32-bit number.
    uint32_t number(const YAML::Node& node, const char* key) const;
    /// `node` itself as an unsigned 32-bit number.
    uint32_t numberAt(const YAML::Node& node, std::string_view what) const;
    /// `node[key]` as a boolean.
    bool flag(const YAML::Node& node, const char* key) const;

private:
    std::string path_;
    YAML::Node root_;
};

}  // namespace ipfacts::facilities::netdb
