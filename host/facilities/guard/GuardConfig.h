// GuardConfig: the deployment's `guard:` manifest section. Only one knob: an
// allow list of CIDR blocks the guard lets through although the registries
// refuse them, so a test deployment can reach upstreams on loopback.
//
//   guard:
//     allow: ["127.0.0.0/8", "::1/128"]
#pragma once

#include "host/net/IpAddress.h"

#include <yaml-cpp/yaml.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace ipfacts::facilities::guard {

/// "file:line: message", like the manifest reader's errors.
class GuardConfigError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct GuardConfig {
    std::vector<net::CidrRange> allow;     // empty: nothing special passes (production)
    std::vector<std::string> allow_text;   // as written, for the start-up warning

    /// Reads the `guard` node of the manifest `file`; an absent or null node is
    /// the default (empty allow list). Throws GuardConfigError.
    static GuardConfig fromYaml(const YAML::Node& guard, const std::string& file);

    /// Adds one block; false when `cidr` is not an address or CIDR block.
    bool addAllowed(const std::string& cidr);
};

}  // namespace ipfacts::facilities::guard
