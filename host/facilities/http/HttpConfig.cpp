#include "host/facilities/http/HttpConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <climits>

namespace ipfacts::facilities::http {
namespace {

UpstreamConfig readUpstream(const manifest::YamlReader& r, const std::string& name, const YAML::Node& n) {
    const std::string where = "http.upstreams." + name;
    r.onlyKeys(n, {"hosts", "allow_http", "per_minute", "per_day", "concurrent"}, where);
    UpstreamConfig u;
    u.name = name;
    u.line = n.Mark().line + 1;
    if (!n["hosts"] || !n["hosts"].IsSequence() || n["hosts"].size() == 0)
        r.fail(n, where + " needs hosts: a list of host names");
    for (const auto& h : n["hosts"]) {
        std::string host = r.str(h, where + ".hosts entry");
        for (auto& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        u.hosts.push_back(host);
    }
    if (n["allow_http"]) u.allow_http = r.boolean(n["allow_http"], where + ".allow_http");
    r.integerKey(n, "per_minute", where, u.per_minute, 0, INT32_MAX);
    r.integerKey(n, "per_day", where, u.per_day, 0, INT32_MAX);
    r.integerKey(n, "concurrent", where, u.concurrent, 0, 100000);
    return u;
}

}  // namespace

HttpConfig HttpConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"timeout_ms", "max_body_bytes", "max_redirects", "ca_file", "resolve", "upstreams"}, "http");
    HttpConfig c;
    r.integerKey(n, "timeout_ms", "http", c.timeout_ms, 50, 60000);
    r.integerKey(n, "max_body_bytes", "http", c.max_body_bytes, 1024, 64 << 20);
    r.integerKey(n, "max_redirects", "http", c.max_redirects, 0, 20);
    if (n["ca_file"]) c.ca_file = r.existingFile(n["ca_file"], "http.ca_file", "CA");
    if (n["resolve"]) {
        const std::string how = r.str(n["resolve"], "http.resolve");
        if (how != "system" && how != "resolver")
            r.fail(n["resolve"], "http.resolve must be system or resolver, not '" + how + "'");
        c.resolve_with_resolver = how == "resolver";
    }
    if (const auto& ups = n["upstreams"]) {
        if (!ups.IsMap()) r.fail(ups, "http.upstreams must be a mapping of upstream name to its policy");
        for (const auto& kv : ups) {
            std::string name = kv.first.as<std::string>();
            if (!manifest::validName(name)) r.fail(kv.first, "upstream name '" + name + "' must match [a-z0-9_-]+");
            c.upstreams.push_back(readUpstream(r, name, kv.second));
        }
    }
    return c;
}

}  // namespace ipfacts::facilities::http
