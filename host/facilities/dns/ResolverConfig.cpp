#include "host/facilities/dns/ResolverConfig.h"

#include "host/manifest/Manifest.h"
#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities {

ResolverConfig ResolverConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"servers", "timeout_ms", "attempts"}, "resolver");
    ResolverConfig c;
    if (const auto& servers = n["servers"]) {
        if (!servers.IsSequence()) r.fail(servers, "resolver.servers must be a list of ADDR:PORT");
        for (const auto& s : servers) {
            std::string text = r.str(s, "resolver server");
            // The listen addresses' rule: a port is required, IPv6 in brackets.
            if (!manifest::ListenAddress::parse(text))
                r.fail(s, "resolver server '" + text + "' is not ADDR:PORT ([v6]:PORT)");
            c.servers.push_back(text);
        }
    }
    r.integerKey(n, "timeout_ms", "resolver", c.timeout_ms, 50, 60000);
    r.integerKey(n, "attempts", "resolver", c.attempts, 1, 10);
    return c;
}

}  // namespace ipfacts::facilities
