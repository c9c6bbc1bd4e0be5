// CacheConfig: the deployment's `cache:` manifest section, which turns on the
// cache facility (bytes with a TTL for plugins, namespaced per plugin).
//
//   cache:
//     max_bytes: 67108864   # size bound; least recently used entries go first past it
//     backend: memory       # the only one so far; a shared one (redis) later
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <cstdint>
#include <string>

namespace ipfacts::facilities::cache {

struct CacheConfig {
    int64_t max_bytes = 64 << 20;
    std::string backend = "memory";

    /// Reads the `cache` node of the manifest `file` (folder `dir`); a null
    /// node is the defaults. Throws manifest::ConfigError "file:line: message".
    static CacheConfig fromYaml(const YAML::Node& cache, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities::cache
