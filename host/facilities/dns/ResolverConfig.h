// ResolverConfig: the deployment's `resolver:` manifest section, which turns
// on the resolver facility (stub DNS for plugins).
//
//   resolver:
//     servers: ["127.0.0.1:53", "[::1]:53"]   # absent: /etc/resolv.conf
//     timeout_ms: 2000                        # per attempt
//     attempts: 2
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <string>
#include <vector>

namespace ipfacts::facilities {

struct ResolverConfig {
    std::vector<std::string> servers;  // "127.0.0.1:53", "[::1]:53"; empty: /etc/resolv.conf
    int timeout_ms = 2000;
    int attempts = 2;

    /// Reads the `resolver` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static ResolverConfig fromYaml(const YAML::Node& resolver, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities
