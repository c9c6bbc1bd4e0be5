#include "host/status/StatusConfig.h"

#include "host/net/IpAddress.h"

#include <yaml-cpp/yaml.h>

#include <set>

namespace ipfacts::status {
namespace {

bool hasScheme(const std::string& url) { return url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0; }

StatusTarget readTarget(const manifest::YamlReader& r, const YAML::Node& n) {
    r.onlyKeys(n, {"url", "label", "kind"}, "a status target");
    if (!n["url"]) r.fail(n, "a status target needs url");
    StatusTarget t;
    t.url = r.str(n["url"], "status target url");
    if (!hasScheme(t.url) || t.url.size() > 2048)
        r.fail(n["url"], "status target url must be an http:// or https:// URL");
    t.label = n["label"] ? r.str(n["label"], "status target label") : t.url;
    if (t.label.empty() || t.label.size() > 120) r.fail(n, "status target label must be 1 to 120 characters");
    if (n["kind"]) t.kind = r.str(n["kind"], "status target kind");
    if (t.kind != "http") r.fail(n["kind"], "status target kind must be http");
    return t;
}

}  // namespace

StatusConfig StatusConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    StatusConfig c;
    const manifest::YamlReader r(file, dir);
    if (!n.IsDefined() || n.IsNull()) return c;
    r.onlyKeys(n,
               {"region", "interval_s", "timeout_ms", "retention_days", "upstream_down_after", "allow", "manual_clock",
                "targets"},
               "status");
    if (n["region"]) c.region = r.str(n["region"], "status.region");
    if (!manifest::validName(c.region)) r.fail(n["region"], "status.region must be a name of [a-z0-9_-]");
    r.integerKey(n, "interval_s", "status", c.interval_s, 10, 3600);
    r.integerKey(n, "timeout_ms", "status", c.timeout_ms, 100, 60000);
    if (c.timeout_ms >= c.interval_s * 1000)
        r.fail(n["timeout_ms"], "status.timeout_ms must be shorter than interval_s");
    r.integerKey(n, "retention_days", "status", c.retention_days, 30, 3650);
    r.integerKey(n, "upstream_down_after", "status", c.upstream_down_after, 1, 1000);
    if (const auto& a = n["allow"]) {
        if (!a.IsSequence()) r.fail(a, "status.allow must be a list of CIDR blocks");
        for (const auto& item : a) {
            std::string text = r.str(item, "status.allow entry");
            if (!net::CidrRange::parse(text))
                r.fail(item, "status.allow entry '" + text + "' is not an address or CIDR block");
            c.allow.push_back(text);
        }
    }
    if (n["manual_clock"]) c.manual_clock = r.boolean(n["manual_clock"], "status.manual_clock");
    if (const auto& ts = n["targets"]) {
        if (!ts.IsSequence()) r.fail(ts, "status.targets must be a list");
        std::set<std::string> seen;
        for (const auto& item : ts) {
            c.targets.push_back(readTarget(r, item));
            if (!seen.insert(c.targets.back().url).second)
                r.fail(item, "status target " + c.targets.back().url + " is listed twice");
        }
    }
    return c;
}

}  // namespace ipfacts::status
