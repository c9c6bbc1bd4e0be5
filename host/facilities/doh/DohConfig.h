// DohConfig: the deployment's `doh:` manifest section, which turns on the doh
// facility (DNS over HTTPS for plugins, through the address guard).
//
//   doh:
//     catalogue: doh-resolvers.yaml   # a file holding resolvers: [...], and/or
//     resolvers:                      # inline
//       - { name: cloudflare, url: "https://cloudflare-dns.com/dns-query" }
//     timeout_ms: 2500
//     ca_file: certs/ca.pem           # absent: the system's trust store
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <string>
#include <vector>

namespace ipfacts::facilities {

struct DohConfig {
    struct Resolver {
        std::string name;  // reported as `resolver`
        std::string url;   // https://…/dns-query
    };
    std::vector<Resolver> resolvers;  // inline, then the catalogue's; at least one
    int timeout_ms = 2500;
    std::string ca_file;  // resolved; empty: the system's trust store

    /// Reads the `doh` node of the manifest `file` (folder `dir`; a relative
    /// catalogue or ca_file resolves against it). Throws manifest::ConfigError
    /// "file:line: message", naming the catalogue file for its own errors.
    static DohConfig fromYaml(const YAML::Node& doh, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities
