// Manifest: the deployment's YAML wiring — listeners, plugins, routes, rate
// classes — loaded and validated once at start. Every validation error names
// the file and line it comes from.
#pragma once

#include "host/facilities/connect/ConnectConfig.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ipfacts::manifest {

/// A manifest that cannot be used; what() reads "file:line: reason".
class ManifestError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One listening socket, "0.0.0.0:8080" or "[::]:8080".
struct ListenAddress {
    std::string host;  // literal address, without brackets
    uint16_t port = 0;
    std::string text;  // as written

    static std::optional<ListenAddress> parse(const std::string& text);
};

/// Limits of one caller kind within a rate class; 0 means no limit.
struct Quota {
    int64_t per_minute = 0;
    int64_t per_day = 0;
    int64_t challenge_after = 0;  // daily count past which anonymous callers get a bot challenge
};

struct RateClass {
    std::string name;
    bool metered = true;
    Quota anonymous;
    Quota keyed;
};

struct RouteSpec {
    std::string path;    // template, "/api/v1/reverse/{ip}"
    std::string plugin;  // "reverse", or "host" for the host's own routes
    std::string handler; // "lookup"
    std::string rate_class;
    std::string cache_control;
    bool response_cache = true;  // the host may answer "public, max-age=N" repeats from memory
    unsigned time_budget_ms = 0;  // 0: server.time_budget_ms; see ServerSpec
    int line = 0;
};

struct PluginSpec {
    std::string name;
    std::string library;  // resolved file path
    std::map<std::string, std::string> config;  // scalars by dotted key
    std::map<std::string, int> config_lines;    // the manifest line of each
    int line = 0;
};

struct TlsSpec {
    std::vector<ListenAddress> listen;
    std::string certificate;  // resolved path
    std::string key;          // resolved path
};

struct ServerSpec {
    std::vector<ListenAddress> listen;
    unsigned threads = 0;  // event loops; 0 = one per core
    unsigned workers = 4;  // threads running request fibers (handlers that may wait on upstreams)
    unsigned queue = 4096; // requests on workers (running, waiting or queued) before 503 overloaded
    unsigned fiber_stack_kb = 256;        // per request fiber; only touched pages are resident
    unsigned slow_requests_per_caller = 16;  // on workers at once per caller block; 0 = no limit
    // A request's time budget: its upstream waits end by then, and one still
    // queued for a worker at the end is answered 503 overloaded. Below the
    // shutdown grace, so a restart answers every request with its result.
    unsigned time_budget_ms = 8000;
    unsigned keepalive_timeout_s = 15;
    unsigned header_timeout_s = 10;
    unsigned max_request_line = 8192;
    unsigned max_header_count = 100;
    unsigned max_header_bytes = 16384;
    unsigned max_body_bytes = 65536;
    unsigned max_connections = 10000;  // per event loop
    unsigned max_connections_per_address = 256;  // per caller block, all loops; trusted proxies exempt
    unsigned shutdown_grace_s = 10;    // SIGTERM: in-flight requests are answered within this
};

/// Stub DNS for plugins (resolver facility).
struct ResolverSpec {
    std::vector<std::string> servers;  // "127.0.0.1:53", "[::1]:53"; empty: /etc/resolv.conf
    int timeout_ms = 2000;
    int attempts = 2;
};

struct DohResolverSpec {
    std::string name;
    std::string url;
};

/// DNS over HTTPS for plugins (doh facility).
struct DohSpec {
    std::vector<DohResolverSpec> resolvers;  // inline, or from the catalogue file
    int timeout_ms = 2500;
    std::string ca_file;  // resolved; empty: the system's trust store
};

/// The address guard every outbound connection passes (guard: section).
struct GuardSpec {
    std::vector<std::string> allow;  // CIDR blocks let through although the registries refuse them (tests)
    std::string special_purpose;     // resolved; default: netdb's, else netdb/special-purpose.yaml beside the manifest
};

/// One named upstream of the http facility: its hosts and what it allows.
struct UpstreamSpec {
    std::string name;
    std::vector<std::string> hosts;  // host names (or literals) of its URLs, lower case
    bool allow_http = false;         // plain http allowed (otherwise https only)
    int64_t per_minute = 0;          // requests a minute to it; 0: no limit
    int64_t per_day = 0;             // requests a UTC day; refused from 80 % on (SPEC part 8)
    int64_t concurrent = 0;          // requests in flight at once; 0: no limit
    int line = 0;
};

/// Guarded outbound HTTP for plugins (http facility).
struct HttpSpec {
    int timeout_ms = 3000;
    int64_t max_body_bytes = 1 << 20;
    int max_redirects = 3;
    std::string ca_file;  // resolved; empty: the system's trust store
    std::vector<UpstreamSpec> upstreams;
};

/// Bytes cached for plugins with a TTL (cache facility; cache: section).
struct CacheSpec {
    int64_t max_bytes = 64 << 20;      // size bound; least recently used entries go first past it
    std::string backend = "memory";    // the only one so far; a shared one (redis) later
};

/// Address facts for plugins (netdb facility). Paths are resolved.
struct NetDbSpec {
    std::vector<std::string> city_mmdb;
    std::vector<std::string> asn_csv;
    std::string special_purpose, rir, continents, connection_types, country_names;
    std::string zoneinfo_dir = "/usr/share/zoneinfo";
};

struct Manifest {
    std::string file;  // absolute path of the manifest
    std::string dir;   // its folder; relative paths resolve against it

    std::string service_host = "localhost";
    std::string edge = "local";
    std::string key_docs_url;
    Quota invalid_key_limit{10, 100, 0};  // unknown or revoked keys a caller may send before 429
    std::string log_level = "info";
    std::string access_log = "-";  // "-" stderr, "off", or a path (relative to state_dir)
    std::string state_dir;         // resolved
    std::string store_path;        // resolved, SQLite file
    std::string plugin_dir;        // resolved

    ServerSpec server;
    std::optional<TlsSpec> tls;
    std::optional<ResolverSpec> resolver;
    std::optional<DohSpec> doh;
    std::optional<NetDbSpec> netdb;
    GuardSpec guard;                  // always: the guard is always loaded
    std::optional<HttpSpec> http;
    std::optional<CacheSpec> cache;  // the store facility needs no section: always on (store.kind sqlite)
    std::optional<facilities::connect::ConnectConfig> connect;  // guarded TLS connect (its reader lives with the facility)
    std::map<std::string, int64_t> meters;  // daily budget per caller address, by meter name
    std::vector<std::string> trusted_proxies;  // CIDR text, validated
    unsigned caller_ipv6_prefix = 64;  // IPv6 callers are counted per block of this length
    std::map<std::string, RateClass> rate_classes;
    std::vector<PluginSpec> plugins;
    std::vector<RouteSpec> routes;
};

/// Loads and validates `path`. Throws ManifestError.
Manifest loadManifest(const std::string& path);

/// Resolves `p` against `base_dir` unless it is absolute.
std::string resolvePath(const std::string& base_dir, const std::string& p);

}  // namespace ipfacts::manifest
