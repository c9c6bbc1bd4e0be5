#include "host/facilities/dns/ResolverConfig.h"

#include "host/manifest/Manifest.h"
#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities {
namespace {

std::vector<std::string> readServers(const manifest::YamlReader& r, const YAML::Node& servers,
                                     const std::string& where) {
    std::vector<std::string> out;
    if (!servers) return out;
    if (!servers.IsSequence()) r.fail(servers, where + ".servers must be a list of ADDR:PORT");
    for (const auto& s : servers) {
        std::string text = r.str(s, "resolver server");
        // The listen addresses' rule: a port is required, IPv6 in brackets.
        if (!manifest::ListenAddress::parse(text))
            r.fail(s, "resolver server '" + text + "' is not ADDR:PORT ([v6]:PORT)");
        out.push_back(text);
    }
    return out;
}

void readNamed(const manifest::YamlReader& r, const YAML::Node& named, ResolverConfig& c) {
    if (!named.IsMap()) r.fail(named, "resolver.named must be a mapping of names to resolvers");
    for (const auto& entry : named) {
        const std::string name = r.str(entry.first, "resolver name");
        if (!manifest::validName(name)) r.fail(entry.first, "resolver name '" + name + "' must be [a-z0-9_-]+");
        const std::string where = "resolver.named." + name;
        r.onlyKeys(entry.second, {"servers", "timeout_ms", "attempts"}, where);
        ResolverServersSpec spec{{}, c.timeout_ms, c.attempts};
        // A named resolver exists to be different from the default: without
        // servers it would silently be /etc/resolv.conf, so that takes saying
        // `servers: system` (the installed manifest's blocklists resolver: no
        // local resolver is installed with the package).
        const YAML::Node servers = entry.second["servers"];
        const bool system = servers && servers.IsScalar() && servers.Scalar() == "system";
        if (!system) spec.servers = readServers(r, servers, where);
        if (!system && spec.servers.empty())
            r.fail(entry.second, where + ".servers is required (a list of ADDR:PORT, or system for /etc/resolv.conf)");
        r.integerKey(entry.second, "timeout_ms", where, spec.timeout_ms, 50, 60000);
        r.integerKey(entry.second, "attempts", where, spec.attempts, 1, 10);
        c.named[name] = std::move(spec);
    }
}

}  // namespace

ResolverConfig ResolverConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"servers", "timeout_ms", "attempts", "named"}, "resolver");
    ResolverConfig c;
    c.servers = readServers(r, n["servers"], "resolver");
    r.integerKey(n, "timeout_ms", "resolver", c.timeout_ms, 50, 60000);
    r.integerKey(n, "attempts", "resolver", c.attempts, 1, 10);
    if (const auto& named = n["named"]) readNamed(r, named, c);
    return c;
}

}  // namespace ipfacts::facilities
