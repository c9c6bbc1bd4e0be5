// StatusConfig: the deployment's `status:` manifest section, which turns on
// the prober and the status routes (/api/v1/status, /status,
// /status/badge.svg, /status/badge.json).
//
//   status:
//     region: local                # this node's name in every `regions` entry
//     interval_s: 60               # one round of checks per interval, at its start
//     timeout_ms: 5000             # one check; past it the check is down ("timeout after 5000 ms")
//     retention_days: 30           # rows older than this are pruned (at least the 30-day window)
//     allow: ["127.0.0.1/32"]      # blocks only the prober may reach (its own listeners)
//     upstream_down_after: 3       # an upstream whose latest N exchanges failed is down: the service is degraded
//     targets:
//       - { url: "http://127.0.0.1:8080/ip", label: "Your address (/ip)", kind: http }
//
// `manual_clock: true` exists for the tests only: the clock stands still
// until /test/status/control moves it and no round runs by itself.
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::status {

/// One probed target.
struct StatusTarget {
    std::string url;            // http(s)://host[:port]/path, checked with GET
    std::string label;          // what the page calls it
    std::string kind = "http";  // how it is checked: http (GET; 2xx and 3xx are up)
};

struct StatusConfig {
    std::string region = "local";
    int interval_s = 60;
    int timeout_ms = 5000;
    int retention_days = 30;
    int upstream_down_after = 3;     // consecutive failed exchanges that make an upstream down
    std::vector<std::string> allow;  // CIDR blocks of the prober's own guard allow list (validated)
    bool manual_clock = false;       // tests: the clock moves only when told
    std::vector<StatusTarget> targets;

    /// Reads the `status` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static StatusConfig fromYaml(const YAML::Node& status, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::status
