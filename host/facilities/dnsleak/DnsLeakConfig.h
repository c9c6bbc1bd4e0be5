// DnsLeakConfig: the `dnsleak:` manifest section, which turns on the DNS leak
// test (host/facilities/dnsleak/README.md): the zone the responder answers
// for, where it listens, what it answers, and its limits.
//
//   dnsleak:
//     zone: leak.example.org
//     listen: ["0.0.0.0", "::"]
//     port: 53
//     answer_v4: 192.0.2.10
//
// Plain data: the manifest holds one.
#pragma once

#include "host/manifest/YamlReader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::dnsleak {

struct DnsLeakConfig {
    std::string zone;                    // lower case, no trailing dot
    std::vector<std::string> listen;     // literal addresses, UDP and TCP on each
    int port = 53;                       // 53 in production; any port in tests
    std::string answer_v4;               // A of a session's names; empty: none
    std::string answer_v6;               // AAAA of a session's names; empty: none
    std::string nameserver;              // the NS name at the apex; default ns.<zone>
    int names_per_session = 4;           // names handed out per session
    int lifetime_s = 600;                // a session lives this long (10 minutes)
    int per_source_per_second = 20;      // questions from one address a second, beyond: dropped
    int max_sources = 4096;              // addresses the rate limit tracks in one second
    int max_tcp_connections = 64;        // open TCP connections at once
    int tcp_idle_ms = 3000;              // a TCP connection idle this long is closed
    int max_questions_per_session = 64;  // questions recorded per session
    int max_pending = 4096;              // recorded questions waiting for the store

    /// Reads the `dnsleak` node of manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static DnsLeakConfig fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities::dnsleak
