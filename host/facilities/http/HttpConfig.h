// HttpConfig: the deployment's `http:` manifest section, which turns on the
// http facility (guarded outbound HTTP for plugins): defaults for every
// request and the named upstreams with what each one allows.
//
//   http:
//     timeout_ms: 3000
//     max_body_bytes: 1048576
//     max_redirects: 3
//     ca_file: certs/ca.pem          # absent: the system's trust store
//     resolve: system                # or resolver: names through the resolver: section's servers
//     upstreams:
//       rdap: { hosts: [rdap.arin.net], per_minute: 60, per_day: 5000, concurrent: 4 }
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::http {

/// One named upstream: its hosts and what it allows.
struct UpstreamConfig {
    std::string name;
    std::vector<std::string> hosts;  // host names (or literals) of its URLs, lower case
    bool allow_http = false;         // plain http allowed (otherwise https only)
    int64_t per_minute = 0;          // requests a minute to it; 0: no limit
    int64_t per_day = 0;             // requests a UTC day; refused from 80 % on, a margin below the limit
    int64_t concurrent = 0;          // requests in flight at once; 0: no limit
    int line = 0;
};

struct HttpConfig {
    int timeout_ms = 3000;
    int64_t max_body_bytes = 1 << 20;
    int max_redirects = 3;
    std::string ca_file;                 // resolved; empty: the system's trust store
    bool resolve_with_resolver = false;  // resolve: resolver (default system: libcurl asks getaddrinfo)
    std::vector<UpstreamConfig> upstreams;

    /// Reads the `http` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static HttpConfig fromYaml(const YAML::Node& http, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities::http
