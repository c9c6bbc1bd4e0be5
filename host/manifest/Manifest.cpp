#include "host/manifest/Manifest.h"

#include "host/facilities/netdb/NetDbFiles.h"
#include "host/net/IpAddress.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>

namespace ipfacts::manifest {
namespace {

namespace fs = std::filesystem;

std::vector<ListenAddress> readListen(const YamlReader& r, const YAML::Node& n, const std::string& what) {
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
void checkTimeBudget(const YamlReader& r, const YAML::Node& at, unsigned budget_ms, const ServerSpec& s,
                     const std::string& what) {
    if (budget_ms + 1000 <= s.shutdown_grace_s * 1000) return;
    r.fail(at, what + " (" + std::to_string(budget_ms) +
                   " ms) must end at least 1000 ms before server.shutdown_grace_s (" +
                   std::to_string(s.shutdown_grace_s) + " s)");
}

void readServer(const YamlReader& r, const YAML::Node& n, ServerSpec& s) {
    r.onlyKeys(
        n,
        {"listen", "threads", "workers", "queue", "keepalive_timeout_s", "header_timeout_s", "max_request_line",
         "max_header_count", "max_header_bytes", "max_body_bytes", "max_connections", "max_connections_per_address",
         "shutdown_grace_s", "fiber_stack_kb", "slow_requests_per_caller", "time_budget_ms"},
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

Quota readQuota(const YamlReader& r, const YAML::Node& n, const std::string& where) {
    r.onlyKeys(n, {"per_minute", "per_day", "challenge_after"}, where);
    Quota q;
    if (n["per_minute"]) q.per_minute = r.integer(n["per_minute"], where + ".per_minute", 0, INT32_MAX);
    if (n["per_day"]) q.per_day = r.integer(n["per_day"], where + ".per_day", 0, INT32_MAX);
    if (n["challenge_after"])
        q.challenge_after = r.integer(n["challenge_after"], where + ".challenge_after", 0, INT32_MAX);
    return q;
}

/// store.redis.cluster: a Redis Cluster's seed nodes, each "host:port"; they
/// replace store.redis.host and port, which name one server.
void readRedisCluster(const YamlReader& r, const YAML::Node& redis, Manifest& m) {
    const YAML::Node& n = redis["cluster"];
    const std::string what = "store.redis.cluster";
    if (!n.IsSequence() || n.size() == 0) r.fail(n, what + " must be a list of seed nodes, HOST:PORT");
    if (redis["host"] || redis["port"])
        r.fail(n, what + " names the cluster's seed nodes: leave out store.redis.host and store.redis.port");
    for (const auto& item : n) {
        const std::string seed = r.str(item, what);
        const size_t colon = seed.rfind(':');
        const std::string port = colon == std::string::npos ? "" : seed.substr(colon + 1);
        const bool digits =
            !port.empty() && port.size() <= 5 && port.find_first_not_of("0123456789") == std::string::npos;
        if (colon == 0 || !digits || std::stoi(port) < 1 || std::stoi(port) > 65535)
            r.fail(item, "bad seed node '" + seed + "' in " + what + " (want HOST:PORT, e.g. 10.0.0.5:7000)");
        m.store_redis_cluster.push_back(seed);
    }
}

void readRateClasses(const YamlReader& r, const YAML::Node& n, Manifest& m) {
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
void flatten(const YamlReader& r, const YAML::Node& n, const std::string& prefix, PluginSpec& p) {
    if (n.IsScalar()) {
        p.config[prefix] = n.as<std::string>();
        p.config_lines[prefix] = n.Mark().line + 1;
    } else if (n.IsMap()) {
        for (const auto& kv : n)
            flatten(r, kv.second,
                    prefix.empty() ? kv.first.as<std::string>() : prefix + "." + kv.first.as<std::string>(), p);
    } else if (n.IsSequence()) {
        size_t i = 0;
        for (const auto& item : n) flatten(r, item, prefix + "." + std::to_string(i++), p);
        p.config[prefix + ".count"] = std::to_string(i);
        p.config_lines[prefix + ".count"] = n.Mark().line + 1;
    }
}

void readPlugins(const YamlReader& r, const YAML::Node& n, Manifest& m) {
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
void checkTemplate(const YamlReader& r, const YAML::Node& at, const std::string& path) {
    if (path.empty() || path[0] != '/') r.fail(at, "route path '" + path + "' must start with /");
    std::set<std::string> names;
    size_t i = 1;
    while (i <= path.size()) {
        size_t end = path.find('/', i);
        if (end == std::string::npos) end = path.size();
        std::string seg = path.substr(i, end - i);
        bool open = seg.find('{') != std::string::npos, close = seg.find('}') != std::string::npos;
        if (open || close) {
            if (seg.size() < 3 || seg.front() != '{' || seg.back() != '}' || !validName(seg.substr(1, seg.size() - 2)))
                r.fail(at, "route path '" + path + "': a parameter is a whole segment {name}");
            if (!names.insert(seg).second) r.fail(at, "route path '" + path + "' repeats " + seg);
        }
        i = end + 1;
    }
}

void readRoutes(const YamlReader& r, const YAML::Node& n, Manifest& m) {
    if (!n.IsSequence()) r.fail(n, "routes must be a list");
    std::set<std::string> seen;
    for (const auto& item : n) {
        r.onlyKeys(item,
                   {"path", "handler", "rate_class", "cache_control", "response_cache", "time_budget_ms", "access_log"},
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
        rs.handler_line = item["handler"].Mark().line + 1;
        bool known = rs.plugin == "host";
        for (const auto& p : m.plugins) known = known || p.name == rs.plugin;
        if (!known)
            r.fail(item["handler"], "handler '" + h + "' names plugin '" + rs.plugin + "', which is not in plugins");
        rs.rate_class = item["rate_class"] ? r.str(item["rate_class"], "rate_class") : "unmetered";
        if (!m.rate_classes.count(rs.rate_class))
            r.fail(item["rate_class"], "rate class '" + rs.rate_class + "' is not in rate_classes");
        rs.cache_control = item["cache_control"] ? r.str(item["cache_control"], "cache_control") : "no-store";
        for (char c : rs.cache_control)
            if (c == '\r' || c == '\n') r.fail(item["cache_control"], "cache_control must be one line");
        if (item["response_cache"]) rs.response_cache = r.boolean(item["response_cache"], "response_cache");
        // Unsaid, a host handler's own default applies (HostHandlerDef::access_log).
        rs.access_log_given = static_cast<bool>(item["access_log"]);
        if (rs.access_log_given) rs.access_log = r.boolean(item["access_log"], "access_log");
        rs.time_budget_ms = m.server.time_budget_ms;
        if (item["time_budget_ms"]) {
            rs.time_budget_ms = static_cast<unsigned>(r.integer(item["time_budget_ms"], "time_budget_ms", 100, 299000));
            checkTimeBudget(r, item["time_budget_ms"], rs.time_budget_ms, m.server,
                            "route " + rs.path + " time_budget_ms");
        }
        m.routes.push_back(std::move(rs));
    }
}

void readTls(const YamlReader& r, const YAML::Node& n, Manifest& m) {
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

void readMetrics(const YamlReader& r, const YAML::Node& n, Manifest& m) {
    r.onlyKeys(n, {"listen"}, "metrics");
    MetricsSpec spec;
    spec.listen = n["listen"] ? readListen(r, n["listen"], "metrics.listen")
                              : std::vector<ListenAddress>{*ListenAddress::parse("127.0.0.1:9464")};
    if (spec.listen.empty())
        r.fail(n["listen"], "metrics.listen needs at least one ADDR:PORT (or leave out the metrics: section)");
    m.metrics = spec;
}

/// The top-level keys the host reads itself; the facilities' come from their registration.
const std::set<std::string> kHostKeys{"service",
                                      "server",
                                      "tls",
                                      "trusted_proxies",
                                      "state_dir",
                                      "store",
                                      "access_log",
                                      "access_log_format",
                                      "log_level",
                                      "plugin_dir",
                                      "rate_classes",
                                      "plugins",
                                      "routes",
                                      "keys",
                                      "caller_ipv6_prefix",
                                      "challenge",
                                      "guard",
                                      "status",
                                      "metrics",
                                      "front_door",
                                      "accounts",
                                      "transient_max_age_s"};

/// Refuses a top-level key nobody reads, with its line.
void checkTopLevelKeys(const YamlReader& r, const YAML::Node& root, const std::vector<SectionReader>& sections) {
    std::set<std::string> keys = kHostKeys;
    for (const auto& s : sections) keys.insert(s.key);
    r.onlyKeys(root, keys, "the manifest");
}

void readTopLevel(const YamlReader& r, const YAML::Node& root, Manifest& m) {
    if (const auto& s = root["service"]) {
        r.onlyKeys(s, {"host", "edge", "url"}, "service");
        if (s["host"]) m.service_host = r.str(s["host"], "service.host");
        if (s["edge"]) m.edge = r.str(s["edge"], "service.edge");
        if (s["url"]) {
            auto url = serviceUrl(r.str(s["url"], "service.url"));
            if (!url) r.fail(s["url"], "service.url must be an http:// or https:// URL, e.g. https://ipfacts.example");
            m.service_url = *url;
        }
    }
    if (const auto& k = root["keys"]) {
        r.onlyKeys(k, {"docs_url", "invalid_key_limit", "refresh_ms"}, "keys");
        if (k["refresh_ms"])
            m.key_refresh_ms = static_cast<unsigned>(r.integer(k["refresh_ms"], "keys.refresh_ms", 50, 1000));
        if (k["docs_url"]) m.key_docs_url = r.str(k["docs_url"], "keys.docs_url");
        if (k["invalid_key_limit"])
            m.invalid_key_limit = readQuota(r, k["invalid_key_limit"], "keys.invalid_key_limit");
    }
    if (m.key_docs_url.empty()) m.key_docs_url = "https://" + m.service_host + "/docs/api-keys";
    m.state_dir = resolvePath(m.dir, root["state_dir"] ? r.str(root["state_dir"], "state_dir") : "../var");
    m.store_path = "ipfacts.sqlite";
    if (const auto& st = root["store"]) {
        r.onlyKeys(st, {"backend", "kind", "path", "write_behind_ms", "counters", "redis", "postgres"}, "store");
        // `backend` is the documented name; `kind`, its first spelling, is still read.
        for (const char* name : {"backend", "kind"}) {
            if (!st[name]) continue;
            m.store_backend = r.str(st[name], std::string("store.") + name);
            if (m.store_backend != "sqlite" && m.store_backend != "redis+postgres")
                r.fail(st[name], std::string("store.") + name + " must be sqlite or redis+postgres");
        }
        if (m.store_backend == "redis+postgres") m.store_counters = "redis";
        if (const auto& pg = st["postgres"]) {
            r.onlyKeys(pg, {"conninfo", "pool"}, "store.postgres");
            if (pg["conninfo"]) m.store_postgres = r.str(pg["conninfo"], "store.postgres.conninfo");
            if (pg["pool"])
                m.store_postgres_pool = static_cast<unsigned>(r.integer(pg["pool"], "store.postgres.pool", 1, 64));
        }
        if (m.store_backend == "redis+postgres" && m.store_postgres.empty())
            r.fail(st, "store.backend redis+postgres needs store.postgres.conninfo (a libpq connection string)");
        if (st["path"]) m.store_path = r.str(st["path"], "store.path");
        if (st["write_behind_ms"])
            m.store_write_behind_ms =
                static_cast<unsigned>(r.integer(st["write_behind_ms"], "store.write_behind_ms", 50, 60000));
        if (st["counters"]) {
            m.store_counters = r.str(st["counters"], "store.counters");
            if (m.store_counters != "memory" && m.store_counters != "redis")
                r.fail(st["counters"], "store.counters must be memory or redis");
            if (m.store_backend == "redis+postgres" && m.store_counters != "redis")
                r.fail(st["counters"], "store.backend redis+postgres counts in Redis: store.counters must be redis");
        }
        if (const auto& rd = st["redis"]) {
            r.onlyKeys(rd, {"host", "port", "timeout_ms", "cluster"}, "store.redis");
            if (rd["host"]) m.store_redis_host = r.str(rd["host"], "store.redis.host");
            if (rd["port"])
                m.store_redis_port = static_cast<unsigned>(r.integer(rd["port"], "store.redis.port", 1, 65535));
            if (rd["timeout_ms"])
                m.store_redis_timeout_ms =
                    static_cast<unsigned>(r.integer(rd["timeout_ms"], "store.redis.timeout_ms", 10, 5000));
            if (rd["cluster"]) readRedisCluster(r, rd, m);
        }
    }
    if (root["access_log"]) m.access_log = r.str(root["access_log"], "access_log");
    if (const auto& f = root["access_log_format"]) {
        const std::string format = r.str(f, "access_log_format");
        if (format != "text" && format != "json") r.fail(f, "access_log_format must be text or json");
        m.access_log_json = format == "json";
    }
    if (root["log_level"]) {
        m.log_level = r.str(root["log_level"], "log_level");
        static const std::set<std::string> levels{"debug", "info", "warn", "error", "off"};
        if (!levels.count(m.log_level)) r.fail(root["log_level"], "log_level must be debug, info, warn, error or off");
    }
    m.plugin_dir =
        resolvePath(m.dir, root["plugin_dir"] ? r.str(root["plugin_dir"], "plugin_dir") : "../build/plugins");
    if (const auto& ch = root["challenge"]) {
        r.onlyKeys(ch, {"difficulty", "lifetime_s"}, "challenge");
        if (ch["difficulty"])
            m.challenge_difficulty = static_cast<unsigned>(r.integer(ch["difficulty"], "challenge.difficulty", 1, 32));
        if (ch["lifetime_s"])
            m.challenge_lifetime_s =
                static_cast<unsigned>(r.integer(ch["lifetime_s"], "challenge.lifetime_s", 10, 86400));
    }
    if (root["caller_ipv6_prefix"])
        m.caller_ipv6_prefix =
            static_cast<unsigned>(r.integer(root["caller_ipv6_prefix"], "caller_ipv6_prefix", 32, 128));
    // Short by design: a failure kept longer would be served as if it were an answer.
    if (root["transient_max_age_s"])
        m.transient_max_age_s =
            static_cast<unsigned>(r.integer(root["transient_max_age_s"], "transient_max_age_s", 0, 60));
    if (const auto& fd = root["front_door"]) {
        r.onlyKeys(fd, {"cli_user_agents"}, "front_door");
        if (const auto& list = fd["cli_user_agents"]) {
            if (!list.IsSequence())
                r.fail(list, "front_door.cli_user_agents must be a list of User-Agent product names");
            m.cli_user_agents.clear();
            for (const auto& item : list) {
                std::string name = r.str(item, "front_door.cli_user_agents entry");
                if (name.empty() || name.find_first_of("/ ") != std::string::npos)
                    r.fail(item, "'" + name + "' is not a product name (the part of a User-Agent before '/')");
                m.cli_user_agents.push_back(std::move(name));
            }
        }
    }
    if (const auto& tp = root["trusted_proxies"]) {
        if (!tp.IsSequence()) r.fail(tp, "trusted_proxies must be a list of CIDR blocks");
        for (const auto& item : tp) {
            std::string c = r.str(item, "trusted proxy");
            if (!net::CidrRange::parse(c)) r.fail(item, "trusted proxy '" + c + "' is not an address or CIDR block");
            m.trusted_proxies.push_back(c);
        }
    }
}

/// Each facility's section, by the reader its folder registers
/// (host/facilities/<name>/Registration.cpp), then what each needs of the others.
void readFacilities(const YAML::Node& root, const std::vector<SectionReader>& sections, Manifest& m) {
    for (const auto& s : sections)
        if (const auto& node = root[s.key]) m.sections.put(s.key, s.read(node, m.file, m.dir));
    for (const auto& s : sections)
        if (s.check) s.check(root, m);
}

/// The guard's section: netdb and the guard judge by one registry file unless the guard names its own.
void readGuard(const YAML::Node& root, Manifest& m) {
    m.guard = facilities::guard::GuardConfig::fromYaml(root["guard"], m.file, m.dir);
    if (!m.guard.special_purpose.empty()) return;
    const auto* netdb = m.section<facilities::NetDbFiles>();
    m.guard.special_purpose = netdb ? netdb->special_purpose : resolvePath(m.dir, "netdb/special-purpose.yaml");
}

void readSections(const YamlReader& r, const YAML::Node& root, const std::vector<SectionReader>& sections,
                  Manifest& m) {
    checkTopLevelKeys(r, root, sections);
    readTopLevel(r, root, m);
    if (root["server"]) readServer(r, root["server"], m.server);
    if (m.server.listen.empty())
        m.server.listen = {*ListenAddress::parse("0.0.0.0:8080"), *ListenAddress::parse("[::]:8080")};
    if (root["tls"]) readTls(r, root["tls"], m);
    if (root["metrics"]) readMetrics(r, root["metrics"], m);
    readFacilities(root, sections, m);
    readGuard(root, m);
    if (root["status"]) m.status = status::StatusConfig::fromYaml(root["status"], m.file, m.dir);
    if (root["accounts"]) m.accounts = account::AccountsConfig::fromYaml(root["accounts"], m.file, m.dir);
    // The service's own key page documents keys when it serves one and no other page is named.
    if (m.accounts && !(root["keys"] && root["keys"]["docs_url"]))
        m.key_docs_url = m.accounts->link_base_url + "/api-keys";
    // The address clients call: links in mail already name it when accounts are on.
    if (m.service_url.empty()) m.service_url = m.accounts ? m.accounts->link_base_url : "https://" + m.service_host;
    m.rate_classes["unmetered"] = RateClass{"unmetered", false, {}, {}};
    if (root["rate_classes"]) readRateClasses(r, root["rate_classes"], m);
    if (root["plugins"]) readPlugins(r, root["plugins"], m);
    if (!root["routes"]) r.fail(root, "the manifest has no routes");
    readRoutes(r, root["routes"], m);
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

std::optional<std::string> serviceUrl(std::string text) {
    const bool http = text.rfind("http://", 0) == 0 || text.rfind("https://", 0) == 0;
    if (!http || text.find_first_of(" \t\r\n\"<>") != std::string::npos) return std::nullopt;
    const size_t host = text.find("://") + 3;
    while (text.size() > host && text.back() == '/') text.pop_back();
    if (text.size() == host) return std::nullopt;  // no host
    return text;
}

Manifest loadManifest(const std::string& path) { return loadManifest(path, registeredSections()); }

Manifest loadManifest(const std::string& path, const std::vector<SectionReader>& sections) {
    Manifest m;
    std::error_code ec;
    fs::path abs = fs::absolute(path, ec);
    if (ec || !fs::is_regular_file(abs)) throw ManifestError(path + ":0: cannot read the manifest file");
    m.file = fs::weakly_canonical(abs).string();
    m.dir = fs::path(m.file).parent_path().string();
    try {
        const YAML::Node root = YamlReader::loadFile(m.file);
        if (!root.IsMap()) throw ManifestError(m.file + ":1: the manifest must be a mapping");
        readSections(YamlReader(m.file, m.dir), root, sections, m);
    } catch (const ConfigError& e) {
        // The host's readers and every facility's say "file:line: message".
        throw ManifestError(e.what());
    }
    return m;
}

}  // namespace ipfacts::manifest
