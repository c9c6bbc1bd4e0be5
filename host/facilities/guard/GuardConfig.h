// GuardConfig: the deployment's `guard:` manifest section. An allow list of
// CIDR blocks the guard lets through although the registries refuse them, so
// a test deployment can reach upstreams on loopback, and the registry file the
// guard judges by when netdb does not name it.
//
//   guard:
//     allow: ["127.0.0.0/8", "::1/128"]
//     special_purpose: netdb/special-purpose.yaml
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"
#include "host/net/IpAddress.h"

#include <string>
#include <vector>

namespace ipfacts::facilities::guard {

struct GuardConfig {
    std::vector<net::CidrRange> allow;    // empty: nothing special passes (production)
    std::vector<std::string> allow_text;  // as written, for the start-up warning
    // Resolved. Empty after fromYaml when the section names none: the manifest
    // reader then gives netdb's, else netdb/special-purpose.yaml beside the manifest.
    std::string special_purpose;

    /// Reads the `guard` node of the manifest `file` (folder `dir`); an absent
    /// or null node is the default (empty allow list). Throws
    /// manifest::ConfigError "file:line: message".
    static GuardConfig fromYaml(const YAML::Node& guard, const std::string& file, const std::string& dir);

    /// Adds one block; false when `cidr` is not an address or CIDR block.
    bool addAllowed(const std::string& cidr);
};

}  // namespace ipfacts::facilities::guard
