#include "host/facilities/connect/ConnectConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <unistd.h>

namespace ipfacts::facilities::connect {

ConnectConfig ConnectConfig::fromYaml(const YAML::Node& connect, const std::string& file, const std::string& dir) {
    ConnectConfig c;
    if (!connect.IsDefined() || connect.IsNull()) return c;
    const manifest::YamlReader r(file, dir);
    // A typo ("timout_ms") must not silently keep the default.
    r.onlyKeys(connect, {"timeout_ms", "max_timeout_ms", "max_concurrent", "ca_file"}, "connect");
    r.integerKey(connect, "timeout_ms", "connect", c.timeout_ms, 50, 60000);
    r.integerKey(connect, "max_timeout_ms", "connect", c.max_timeout_ms, 50, 120000);
    r.integerKey(connect, "max_concurrent", "connect", c.max_concurrent, 1, 100000);
    if (const auto& ca = connect["ca_file"]) {
        if (!ca.IsScalar()) r.fail(ca, "connect.ca_file must be a path");
        c.ca_file = manifest::resolvePath(dir, ca.as<std::string>());
        if (::access(c.ca_file.c_str(), R_OK) != 0) r.fail(ca, "connect.ca_file: cannot read " + c.ca_file);
    }
    if (c.timeout_ms > c.max_timeout_ms)
        r.fail(connect["timeout_ms"].IsDefined() ? connect["timeout_ms"] : connect,
               "connect.timeout_ms (" + std::to_string(c.timeout_ms) + ") is above connect.max_timeout_ms (" +
                   std::to_string(c.max_timeout_ms) + ")");
    return c;
}

}  // namespace ipfacts::facilities::connect
