#include "host/facilities/cache/CacheConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities::cache {

CacheConfig CacheConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    CacheConfig c;
    if (!n.IsDefined() || n.IsNull()) return c;
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"max_bytes", "backend"}, "cache");
    r.integerKey(n, "max_bytes", "cache", c.max_bytes, 4096, int64_t(1) << 40);
    if (n["backend"]) c.backend = r.str(n["backend"], "cache.backend");
    if (c.backend != "memory") r.fail(n["backend"], "cache.backend: only memory is available in this build");
    return c;
}

}  // namespace ipfacts::facilities::cache
