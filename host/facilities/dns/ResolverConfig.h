// ResolverConfig: the deployment's `resolver:` manifest section, which turns
// on the resolver facility (stub DNS for plugins).
//
//   resolver:
//     servers: ["127.0.0.1:53", "[::1]:53"]   # absent: /etc/resolv.conf
//     timeout_ms: 2000                        # per attempt
//     attempts: 2
//     named:                                  # since ABI 1.5: resolvers a plugin picks by name
//       blocklists: { servers: ["127.0.0.1:5335"], timeout_ms: 1500, attempts: 1 }
//
// A named resolver has servers of its own (required: a plugin names one
// because the default servers will not do, e.g. blocklists refuse public
// resolvers), or says `servers: system` for /etc/resolv.conf outright (the
// installed manifest: the package installs no resolver); its timeout_ms and
// attempts default to the section's.
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <map>
#include <string>
#include <vector>

namespace ipfacts::facilities {

/// Where one resolver sends its questions and how long it waits.
struct ResolverServersSpec {
    std::vector<std::string> servers;  // "127.0.0.1:53", "[::1]:53"; empty: /etc/resolv.conf
    int timeout_ms = 2000;
    int attempts = 2;
};

struct ResolverConfig : ResolverServersSpec {
    /// Named resolvers (resolver.named), by name ([a-z0-9_-]+).
    std::map<std::string, ResolverServersSpec> named;

    /// Reads the `resolver` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static ResolverConfig fromYaml(const YAML::Node& resolver, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities
