#include "host/manifest/Manifest.h"

#include "host/net/IpAddress.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <cctype>
#include <set>

namespace ipfacts::manifest {
namespace {

namespace fs = std::filesystem;

/// Builds "file:line: message" errors for nodes of one file.
class Reader {
public:
    explicit Reader(std::string file) : file_(std::move(file)) {}

    [[noreturn]] void fail(const YAML::Node& at, const std::string& msg) const {
        int line = at.IsDefined() ? at.Mark().line + 1 : 0;
        throw ManifestError(file_ + ":" + std::to_string(line) + ": " + msg);
    }

    /// Refuses keys other than `allowed`, so a typo is an error, not a silent default.
    void onlyKeys(const YAML::Node& map, const std::set<std::string>& allowed, const std::string& where) const {
        if (!map.IsMap()) fail(map, where + " must be a mapping");
        for (const auto& kv : map) {
            auto k = kv.first.as<std::string>();
            if (!allowed.count(k)) fail(kv.first, "unknown key '" + k + "' in " + where);
        }
    }

    std::string str(const YAML::Node& n, const std::string& what) const {
        if (!n.IsScalar()) fail(n, what + " must be a string");
        return n.as<std::string>();
    }

    int64_t integer(const YAML::Node& n, const std::string& what, int64_t min, int64_t max) const {
        if (!n.IsScalar()) fail(n, what + " must be a number");
        int64_t v = 0;
        try {
            v = n.as<int64_t>();
        } catch (const YAML::Exception&) {
            fail(n, what + " must be a whole number");
        }
        if (v < min || v > max)
            fail(n, what + " must be between " + std::to_string(min) + " and " + std::to_string(max));
        return v;
    }

    bool boolean(const YAML::Node& n, const std::string& what) const {
        try {
            return n.as<bool>();
        } catch (const YAML::Exception&) {
            fail(n, what + " must be true or false");
        }
    }

private:
    std::string file_;
};

std::vector<ListenAddress> readListen(const Reader& r, const YAML::Node& n, const std::string& what) {
    std::vector<ListenAddress> out;
    if (!n.IsSequence()) r.fail(n, what + " must be a list of ADDR:PORT");
    for (const auto& item : n) {
        auto la = ListenAddress::parse(r.str(item, what));
        if (!la) r.fail(item, "bad listen address '" + item.as<std::string>() + "' (want 0.0.0.0:8080 or [::]:8080)");
        out.push_back(*la);
    }
    return out;
}

/// A budget must end a second before the shutdown grace, when the loops
/// answer what is left with 503 shutting_down.
void checkTimeBudget(const Reader& r, const YAML::Node& at, unsigned budget_ms, const ServerSpec& s,
                     const std::string& what) {
    if (budget_ms + 1000 <= s.shutdown_grace_s * 1000) return;
    r.fail(at, what + " (" + std::to_string(budget_ms) + " ms) must end at least 1000 ms before server.shutdown_grace_s (" +
                   std::to_string(s.shutdown_grace_s) + " s)");
}

void readServer(const Reader& r, const YAML::Node& n, ServerSpec& s) {
    r.onlyKeys(n, {"listen", "threads", "workers", "queue", "keepalive_timeout_s", "header_timeout_s",
                   "max_request_line", "max_header_count", "max_header_bytes", "max_body_bytes",
                   "max_connections", "max_connections_per_address", "shutdown_grace_s", "fiber_stack_kb",
                   "slow_requests_per_caller", "time_budget_ms"},
               "server");
    if (n["listen"]) s.listen = readListen(r, n["listen"], "server.listen");
    auto u = [&](const char* key, unsigned& field, int64_t min, int64_t max) {
        if (n[key]) field = static_cast<unsigned>(r.integer(n[key], std::string("server.") + key, min, max));
    };
    u("threads", s.threads, 0, 256);
    u("workers", s.workers, 1, 1024);
    u("queue", s.queue, 1, 1000000);
    u("keepalive_timeout_s", s.keepalive_timeout_s, 1, 3600);
    u("header_timeout_s", s.header_timeout_s, 1, 600);
    u("max_request_line", s.max_request_line, 256, 1 << 20);
    u("max_header_count", s.max_header_count, 8, 10000);
    u("max_header_bytes", s.max_header_bytes, 1024, 1 << 20);
    u("max_body_bytes", s.max_body_bytes, 0, 1 << 24);
    u("max_connections", s.max_connections, 16, 1000000);
    u("max_connections_per_address", s.max_connections_per_address, 1, 1000000);
    u("shutdown_grace_s", s.shutdown_grace_s, 2, 300);
    u("fiber_stack_kb", s.fiber_stack_kb, 64, 8192);
    u("slow_requests_per_caller", s.slow_requests_per_caller, 0, 1000000);
    u("time_budget_ms", s.time_budget_ms, 100, 299000);
    checkTimeBudget(r, n["time_budget_ms"] ? n["time_budget_ms"] : n, s.time_budget_ms, s, "server.time_budget_ms");
}

Quota readQuota(const Reader& r, const YAML::Node& n, const std::string& where) {
    r.onlyKeys(n, {"per_minute", "per_day", "challenge_after"}, where);
    Quota q;
    if (n["per_minute"]) q.per_minute = r.integer(n["per_minute"], where + ".per_minute", 0, INT32_MAX);
    if (n["per_day"]) q.per_day = r.integer(n["per_day"], where + ".per_day", 0, INT32_MAX);
    if (n["challenge_after"])
        q.challenge_after = r.integer(n["challenge_after"], where + ".challenge_after", 0, INT32_MAX);
    return q;
}

void readRateClasses(const Reader& r, const YAML::Node& n, Manifest& m) {
    if (!n.IsMap()) r.fail(n, "rate_classes must be a mapping of class name to limits");
    for (const auto& kv : n) {
        RateClass rc;
        rc.name = kv.first.as<std::string>();
        std::string where = "rate_classes." + rc.name;
        r.onlyKeys(kv.second, {"metered", "anonymous", "keyed"}, where);
        if (kv.second["metered"]) rc.metered = r.boolean(kv.second["metered"], where + ".metered");
        if (kv.second["anonymous"]) rc.anonymous = readQuota(r, kv.second["anonymous"], where + ".anonymous");
        if (kv.second["keyed"]) rc.keyed = readQuota(r, kv.second["keyed"], where + ".keyed");
        m.rate_classes[rc.name] = rc;
    }
}

/// Flattens scalars of a plugin's config section into dotted keys.
void flatten(const Reader& r, const YAML::Node& n, const std::string& prefix, PluginSpec& p) {
    if (n.IsScalar()) {
        p.config[prefix] = n.as<std::string>();
        p.config_lines[prefix] = n.Mark().line + 1;
    } else if (n.IsMap()) {
        for (const auto& kv : n)
            flatten(r, kv.second, prefix.empty() ? kv.first.as<std::string>() : prefix + "." + kv.first.as<std::string>(),
                    p);
    } else if (n.IsSequence()) {
        size_t i = 0;
        for (const auto& item : n) flatten(r, item, prefix + "." + std::to_string(i++), p);
        p.config[prefix + ".count"] = std::to_string(i);
        p.config_lines[prefix + ".count"] = n.Mark().line + 1;
    }
}

bool validName(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
    return true;
}

void readPlugins(const Reader& r, const YAML::Node& n, Manifest& m) {
    if (!n.IsMap()) r.fail(n, "plugins must be a mapping of plugin name to its section");
    for (const auto& kv : n) {
        PluginSpec p;
        p.name = kv.first.as<std::string>();
        p.line = kv.first.Mark().line + 1;
        if (!validName(p.name)) r.fail(kv.first, "plugin name '" + p.name + "' must match [a-z0-9_-]+");
        if (p.name == "host") r.fail(kv.first, "'host' names the host's own handlers and cannot be a plugin");
        const auto& sec = kv.second;
        r.onlyKeys(sec, {"library", "config"}, "plugins." + p.name);
        std::string lib = sec["library"] ? r.str(sec["library"], "plugins." + p.name + ".library") : p.name;
        // A bare name means lib<name>.so in plugin_dir; anything with a slash or .so is a path.
        if (lib.find('/') == std::string::npos && lib.find(".so") == std::string::npos)
            p.library = m.plugin_dir + "/lib" + lib + ".so";
        else
            p.library = resolvePath(m.dir, lib);
        if (sec["config"]) flatten(r, sec["config"], "", p);
        m.plugins.push_back(std::move(p));
    }
}

/// Checks "{name}" placeholders: whole segments, well-formed, unique names.
void checkTemplate(const Reader& r, const YAML::Node& at, const std::string& path) {
    if (path.empty() || path[0] != '/') r.fail(at, "route path '" + path + "' must start with /");
    std::set<std::string> names;
    size_t i = 1;
    while (i <= path.size()) {
        size_t end = path.find('/', i);
        if (end == std::string::npos) end = path.size();
        std::string seg = path.substr(i, end - i);
        bool open = seg.find('{') != std::string::npos, close = seg.find('}') != std::string::npos;
        if (open || close) {
            if (seg.size() < 3 || seg.front() != '{' || seg.back() != '}' ||
                !validName(seg.substr(1, seg.size() - 2)))
                r.fail(at, "route path '" + path + "': a parameter is a whole segment {name}");
            if (!names.insert(seg).second) r.fail(at, "route path '" + path + "' repeats " + seg);
        }
        i = end + 1;
    }
}

void readRoutes(const Reader& r, const YAML::Node& n, Manifest& m) {
    if (!n.IsSequence()) r.fail(n, "routes must be a list");
    std::set<std::string> seen;
    for (const auto& item : n) {
        r.onlyKeys(item, {"path", "handler", "rate_class", "cache_control", "response_cache", "time_budget_ms"},
                   "a route");
        RouteSpec rs;
        rs.line = item.Mark().line + 1;
        if (!item["path"] || !item["handler"]) r.fail(item, "a route needs path and handler");
        rs.path = r.str(item["path"], "route path");
        checkTemplate(r, item["path"], rs.path);
        if (!seen.insert(rs.path).second) r.fail(item["path"], "route path '" + rs.path + "' is listed twice");
        std::string h = r.str(item["handler"], "route handler");
        size_t dot = h.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == h.size())
            r.fail(item["handler"], "handler '" + h + "' must be plugin.handler");
        rs.plugin = h.substr(0, dot);
        rs.handler = h.substr(dot + 1);
        bool known = rs.plugin == "host";
        for (const auto& p : m.plugins) known = known || p.name == rs.plugin;
        if (!known) r.fail(item["handler"], "handler '" + h + "' names plugin '" + rs.plugin + "', which is not in plugins");
        rs.rate_class = item["rate_class"] ? r.str(item["rate_class"], "rate_class") : "unmetered";
        if (!m.rate_classes.count(rs.rate_class))
            r.fail(item["rate_class"], "rate class '" + rs.rate_class + "' is not in rate_classes");
        rs.cache_control = item["cache_control"] ? r.str(item["cache_control"], "cache_control") : "no-store";
        for (char c : rs.cache_control)
            if (c == '\r' || c == '\n') r.fail(item["cache_control"], "cache_control must be one line");
        if (item["response_cache"]) rs.response_cache = r.boolean(item["response_cache"], "response_cache");
        rs.time_budget_ms = m.server.time_budget_ms;
        if (item["time_budget_ms"]) {
            rs.time_budget_ms = static_cast<unsigned>(r.integer(item["time_budget_ms"], "time_budget_ms", 100, 299000));
            checkTimeBudget(r, item["time_budget_ms"], rs.time_budget_ms, m.server, "route " + rs.path + " time_budget_ms");
        }
        m.routes.push_back(std::move(rs));
    }
}

void readTls(const Reader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"listen", "certificate", "key"}, "tls");
    if (!n["listen"] || !n["certificate"] || !n["key"]) r.fail(n, "tls needs listen, certificate and key");
    TlsSpec t;
    t.listen = readListen(r, n["listen"], "tls.listen");
    t.certificate = resolvePath(m.dir, r.str(n["certificate"], "tls.certificate"));
    t.key = resolvePath(m.dir, r.str(n["key"], "tls.key"));
    if (!fs::exists(t.certificate)) r.fail(n["certificate"], "certificate file " + t.certificate + " does not exist");
    if (!fs::exists(t.key)) r.fail(n["key"], "key file " + t.key + " does not exist");
    m.tls = t;
}

void readResolver(const Reader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"servers", "timeout_ms", "attempts"}, "resolver");
    ResolverSpec spec;
    if (const auto& servers = n["servers"]) {
        if (!servers.IsSequence()) r.fail(servers, "resolver.servers must be a list of ADDR:PORT");
        for (const auto& s : servers) {
            std::string text = r.str(s, "resolver server");
            if (!ListenAddress::parse(text)) r.fail(s, "resolver server '" + text + "' is not ADDR:PORT ([v6]:PORT)");
            spec.servers.push_back(text);
        }
    }
    if (n["timeout_ms"]) spec.timeout_ms = static_cast<int>(r.integer(n["timeout_ms"], "resolver.timeout_ms", 50, 60000));
    if (n["attempts"]) spec.attempts = static_cast<int>(r.integer(n["attempts"], "resolver.attempts", 1, 10));
    m.resolver = spec;
}

void readGuard(const Reader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"allow", "special_purpose"}, "guard");
    if (const auto& allow = n["allow"]) {
        if (!allow.IsSequence()) r.fail(allow, "guard.allow must be a list of CIDR blocks");
        for (const auto& item : allow) {
            std::string c = r.str(item, "guard.allow entry");
            if (!net::CidrRange::parse(c)) r.fail(item, "guard.allow entry '" + c + "' is not an address or CIDR block");
            m.guard.allow.push_back(c);
        }
    }
    if (n["special_purpose"]) m.guard.special_purpose = resolvePath(m.dir, r.str(n["special_purpose"], "guard.special_purpose"));
}

UpstreamSpec readUpstream(const Reader& r, const std::string& name, const YAML::Node& n) {
    const std::string where = "http.upstreams." + name;
    r.onlyKeys(n, {"hosts", "allow_http", "per_minute", "per_day", "concurrent"}, where);
    UpstreamSpec u;
    u.name = name;
    u.line = n.Mark().line + 1;
    if (!n["hosts"] || !n["hosts"].IsSequence() || n["hosts"].size() == 0) r.fail(n, where + " needs hosts: a list of host names");
    for (const auto& h : n["hosts"]) {
        std::string host = r.str(h, where + ".hosts entry");
        for (auto& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        u.hosts.push_back(host);
    }
    if (n["allow_http"]) u.allow_http = r.boolean(n["allow_http"], where + ".allow_http");
    if (n["per_minute"]) u.per_minute = r.integer(n["per_minute"], where + ".per_minute", 0, INT32_MAX);
    if (n["per_day"]) u.per_day = r.integer(n["per_day"], where + ".per_day", 0, INT32_MAX);
    if (n["concurrent"]) u.concurrent = r.integer(n["concurrent"], where + ".concurrent", 0, 100000);
    return u;
}

void readHttp(const Reader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"timeout_ms", "max_body_bytes", "max_redirects", "ca_file", "upstreams"}, "http");
    HttpSpec spec;
    if (n["timeout_ms"]) spec.timeout_ms = static_cast<int>(r.integer(n["timeout_ms"], "http.timeout_ms", 50, 60000));
    if (n["max_body_bytes"]) spec.max_body_bytes = r.integer(n["max_body_bytes"], "http.max_body_bytes", 1024, 64 << 20);
    if (n["max_redirects"]) spec.max_redirects = static_cast<int>(r.integer(n["max_redirects"], "http.max_redirects", 0, 20));
    if (n["ca_file"]) {
        spec.ca_file = resolvePath(m.dir, r.str(n["ca_file"], "http.ca_file"));
        if (!fs::exists(spec.ca_file)) r.fail(n["ca_file"], "CA file " + spec.ca_file + " does not exist");
    }
    if (const auto& ups = n["upstreams"]) {
        if (!ups.IsMap()) r.fail(ups, "http.upstreams must be a mapping of upstream name to its policy");
        for (const auto& kv : ups) {
            std::string name = kv.first.as<std::string>();
            if (!validName(name)) r.fail(kv.first, "upstream name '" + name + "' must match [a-z0-9_-]+");
            spec.upstreams.push_back(readUpstream(r, name, kv.second));
        }
    }
    m.http = spec;
}

void readCache(const Reader& r, const YAML::Node& n, Manifest& m) {
    CacheSpec spec;
    if (!n.IsNull()) {
        r.onlyKeys(n, {"max_bytes", "backend"}, "cache");
        if (n["max_bytes"]) spec.max_bytes = r.integer(n["max_bytes"], "cache.max_bytes", 4096, int64_t(1) << 40);
        if (n["backend"]) spec.backend = r.str(n["backend"], "cache.backend");
        if (spec.backend != "memory") r.fail(n["backend"], "cache.backend: only memory is available in this build");
    }
    m.cache = spec;
}

void readDohResolvers(const Reader& r, const YAML::Node& list, DohSpec& spec) {
    if (!list.IsSequence()) r.fail(list, "resolvers must be a list of {name, url}");
    for (const auto& item : list) {
        r.onlyKeys(item, {"name", "url", "description"}, "a DoH resolver");
        if (!item["name"] || !item["url"]) r.fail(item, "a DoH resolver needs name and url");
        DohResolverSpec d{r.str(item["name"], "resolver name"), r.str(item["url"], "resolver url")};
        if (d.url.rfind("https://", 0) != 0) r.fail(item["url"], "DoH resolver url must start with https://");
        for (const auto& other : spec.resolvers)
            if (other.name == d.name) r.fail(item["name"], "DoH resolver '" + d.name + "' is listed twice");
        spec.resolvers.push_back(d);
    }
}

void readDoh(const Reader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"catalogue", "resolvers", "timeout_ms", "ca_file"}, "doh");
    DohSpec spec;
    if (n["resolvers"]) readDohResolvers(r, n["resolvers"], spec);
    if (n["catalogue"]) {
        std::string path = resolvePath(m.dir, r.str(n["catalogue"], "doh.catalogue"));
        YAML::Node cat;
        try {
            cat = YAML::LoadFile(path);
        } catch (const YAML::Exception& e) {
            throw ManifestError(path + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
        }
        Reader cr(path);
        if (!cat.IsMap() || !cat["resolvers"]) cr.fail(cat, "a DoH catalogue holds a resolvers: list");
        readDohResolvers(cr, cat["resolvers"], spec);
    }
    if (spec.resolvers.empty()) r.fail(n, "doh needs resolvers (inline) or a catalogue");
    if (n["timeout_ms"]) spec.timeout_ms = static_cast<int>(r.integer(n["timeout_ms"], "doh.timeout_ms", 50, 60000));
    if (n["ca_file"]) {
        spec.ca_file = resolvePath(m.dir, r.str(n["ca_file"], "doh.ca_file"));
        if (!fs::exists(spec.ca_file)) r.fail(n["ca_file"], "CA file " + spec.ca_file + " does not exist");
    }
    m.doh = spec;
}

void readNetDb(const Reader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"city_mmdb", "asn_csv", "special_purpose", "rir", "continents", "connection_types",
                   "country_names", "zoneinfo_dir"},
               "netdb");
    NetDbSpec spec;
    auto files = [&](const char* key, std::vector<std::string>& out) {
        const auto& list = n[key];
        if (!list) return;
        if (!list.IsSequence()) r.fail(list, std::string("netdb.") + key + " must be a list of files");
        for (const auto& f : list) out.push_back(resolvePath(m.dir, r.str(f, std::string("netdb.") + key)));
    };
    auto file = [&](const char* key, std::string& out) {
        if (n[key]) out = resolvePath(m.dir, r.str(n[key], std::string("netdb.") + key));
    };
    files("city_mmdb", spec.city_mmdb);
    files("asn_csv", spec.asn_csv);
    file("special_purpose", spec.special_purpose);
    file("rir", spec.rir);
    file("continents", spec.continents);
    file("connection_types", spec.connection_types);
    file("country_names", spec.country_names);
    file("zoneinfo_dir", spec.zoneinfo_dir);
    if (spec.special_purpose.empty()) r.fail(n, "netdb needs special_purpose (the IANA registries)");
    m.netdb = spec;
}

void readMeters(const Reader& r, const YAML::Node& n, Manifest& m) {
    if (!n.IsMap()) r.fail(n, "meters must be a mapping of meter name to { per_day }");
    for (const auto& kv : n) {
        std::string name = kv.first.as<std::string>();
        if (!validName(name)) r.fail(kv.first, "meter name '" + name + "' must match [a-z0-9_-]+");
        r.onlyKeys(kv.second, {"per_day"}, "meters." + name);
        if (!kv.second["per_day"]) r.fail(kv.second, "meters." + name + " needs per_day");
        m.meters[name] = r.integer(kv.second["per_day"], "meters." + name + ".per_day", 0, INT32_MAX);
    }
}

void readTopLevel(const Reader& r, const YAML::Node& root, Manifest& m) {
    r.onlyKeys(root, {"service", "server", "tls", "trusted_proxies", "state_dir", "store", "access_log", "log_level",
                      "plugin_dir", "rate_classes", "plugins", "routes", "keys", "resolver", "doh", "netdb", "meters",
                      "caller_ipv6_prefix", "guard", "http", "cache", "connect"},
               "the manifest");
    if (const auto& s = root["service"]) {
        r.onlyKeys(s, {"host", "edge"}, "service");
        if (s["host"]) m.service_host = r.str(s["host"], "service.host");
        if (s["edge"]) m.edge = r.str(s["edge"], "service.edge");
    }
    if (const auto& k = root["keys"]) {
        r.onlyKeys(k, {"docs_url", "invalid_key_limit"}, "keys");
        if (k["docs_url"]) m.key_docs_url = r.str(k["docs_url"], "keys.docs_url");
        if (k["invalid_key_limit"]) m.invalid_key_limit = readQuota(r, k["invalid_key_limit"], "keys.invalid_key_limit");
    }
    if (m.key_docs_url.empty()) m.key_docs_url = "https://" + m.service_host + "/docs/api-keys";
    m.state_dir = resolvePath(m.dir, root["state_dir"] ? r.str(root["state_dir"], "state_dir") : "../var");
    m.store_path = "ipfacts.sqlite";
    if (const auto& st = root["store"]) {
        r.onlyKeys(st, {"kind", "path"}, "store");
        if (st["kind"] && r.str(st["kind"], "store.kind") != "sqlite")
            r.fail(st["kind"], "store.kind: only sqlite is available in this build");
        if (st["path"]) m.store_path = r.str(st["path"], "store.path");
    }
    if (root["access_log"]) m.access_log = r.str(root["access_log"], "access_log");
    if (root["log_level"]) {
        m.log_level = r.str(root["log_level"], "log_level");
        static const std::set<std::string> levels{"debug", "info", "warn", "error", "off"};
        if (!levels.count(m.log_level)) r.fail(root["log_level"], "log_level must be debug, info, warn, error or off");
    }
    m.plugin_dir = resolvePath(m.dir, root["plugin_dir"] ? r.str(root["plugin_dir"], "plugin_dir") : "../build/plugins");
    if (root["caller_ipv6_prefix"])
        m.caller_ipv6_prefix = static_cast<unsigned>(r.integer(root["caller_ipv6_prefix"], "caller_ipv6_prefix", 32, 128));
    if (const auto& tp = root["trusted_proxies"]) {
        if (!tp.IsSequence()) r.fail(tp, "trusted_proxies must be a list of CIDR blocks");
        for (const auto& item : tp) {
            std::string c = r.str(item, "trusted proxy");
            if (!net::CidrRange::parse(c)) r.fail(item, "trusted proxy '" + c + "' is not an address or CIDR block");
            m.trusted_proxies.push_back(c);
        }
    }
}

}  // namespace

std::optional<ListenAddress> ListenAddress::parse(const std::string& text) {
    ListenAddress la;
    la.text = text;
    size_t colon;
    if (!text.empty() && text[0] == '[') {
        size_t close = text.find(']');
        if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') return std::nullopt;
        la.host = text.substr(1, close - 1);
        colon = close + 1;
    } else {
        colon = text.rfind(':');
        if (colon == std::string::npos) return std::nullopt;
        la.host = text.substr(0, colon);
        if (la.host.find(':') != std::string::npos) return std::nullopt;  // IPv6 needs brackets
        if (la.host == "localhost") la.host = "127.0.0.1";
    }
    if (!net::IpAddress::parse(la.host)) return std::nullopt;
    std::string port = text.substr(colon + 1);
    if (port.empty() || port.size() > 5) return std::nullopt;
    unsigned long v = 0;
    for (char c : port) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + static_cast<unsigned long>(c - '0');
    }
    if (v > 65535) return std::nullopt;
    la.port = static_cast<uint16_t>(v);
    return la;
}

std::string resolvePath(const std::string& base_dir, const std::string& p) {
    if (p.empty() || p[0] == '/') return p;
    return fs::weakly_canonical(fs::path(base_dir) / p).string();
}

Manifest loadManifest(const std::string& path) {
    Manifest m;
    std::error_code ec;
    fs::path abs = fs::absolute(path, ec);
    if (ec || !fs::is_regular_file(abs)) throw ManifestError(path + ":0: cannot read the manifest file");
    m.file = fs::weakly_canonical(abs).string();
    m.dir = fs::path(m.file).parent_path().string();
    Reader r(m.file);

    YAML::Node root;
    try {
        root = YAML::LoadFile(m.file);
    } catch (const YAML::Exception& e) {
        throw ManifestError(m.file + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
    }
    if (!root.IsMap()) throw ManifestError(m.file + ":1: the manifest must be a mapping");

    readTopLevel(r, root, m);
    if (root["server"]) readServer(r, root["server"], m.server);
    if (m.server.listen.empty()) m.server.listen = {*ListenAddress::parse("0.0.0.0:8080"), *ListenAddress::parse("[::]:8080")};
    if (root["tls"]) readTls(r, root["tls"], m);
    if (root["resolver"]) readResolver(r, root["resolver"], m);
    if (root["doh"]) readDoh(r, root["doh"], m);
    if (root["netdb"]) readNetDb(r, root["netdb"], m);
    if (root["guard"]) readGuard(r, root["guard"], m);
    if (m.guard.special_purpose.empty())
        m.guard.special_purpose = m.netdb ? m.netdb->special_purpose : resolvePath(m.dir, "netdb/special-purpose.yaml");
    if (root["http"]) readHttp(r, root["http"], m);
    if (root["meters"]) readMeters(r, root["meters"], m);
    if (root["cache"]) readCache(r, root["cache"], m);
    if (root["connect"]) {
        try {
            m.connect = facilities::connect::ConnectConfig::fromYaml(root["connect"], m.file, m.dir);
        } catch (const facilities::connect::ConnectConfigError& e) {
            throw ManifestError(e.what());
        }
    }
    m.rate_classes["unmetered"] = RateClass{"unmetered", false, {}, {}};
    if (root["rate_classes"]) readRateClasses(r, root["rate_classes"], m);
    if (root["plugins"]) readPlugins(r, root["plugins"], m);
    if (!root["routes"]) r.fail(root, "the manifest has no routes");
    readRoutes(r, root["routes"], m);
    return m;
}

}  // namespace ipfacts::manifest
