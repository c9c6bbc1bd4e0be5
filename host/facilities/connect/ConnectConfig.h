// ConnectConfig: the deployment's `connect:` manifest section, which turns on
// the connect facility (guarded TCP connect plus TLS handshake for plugins).
//
//   connect:
//     timeout_ms: 5000        # a probe that asks for no time-out gets this
//     max_timeout_ms: 15000   # no probe waits longer, whatever it asks
//     max_concurrent: 64      # probes in flight at once, whole host
//     ca_file: certs/ca.pem   # verification store; absent: the system's
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <string>

namespace ipfacts::facilities::connect {

struct ConnectConfig {
    int timeout_ms = 5000;
    int max_timeout_ms = 15000;
    int max_concurrent = 64;
    std::string ca_file;  // resolved against the manifest's folder; empty: the system's trust store

    /// Reads the `connect` node of the manifest `file`, whose folder is
    /// `dir` (relative paths resolve against it). A null node is the
    /// defaults. Throws manifest::ConfigError ("file:line: message") on an
    /// unknown key, a value out of range, timeout_ms above max_timeout_ms or a
    /// ca_file it cannot read.
    static ConnectConfig fromYaml(const YAML::Node& connect, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities::connect
