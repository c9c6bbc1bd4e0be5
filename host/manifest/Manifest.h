// Manifest: the deployment's YAML wiring — listeners, plugins, routes, rate
// classes — loaded and validated once at start. Every validation error names
// the file and line it comes from. The host's own sections are read here; each
// facility's section by the reader its folder registers (SectionReader, over
// <Name>Config::fromYaml), all on one YamlReader.
#pragma once

#include "host/account/AccountsConfig.h"
#include "host/facilities/guard/GuardConfig.h"
#include "host/manifest/SectionReader.h"
#include "host/manifest/Sections.h"
#include "host/manifest/YamlReader.h"
#include "host/status/StatusConfig.h"

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
    std::string path;     // template, "/api/v1/reverse/{ip}"
    std::string plugin;   // "reverse", or "host" for the host's own routes
    std::string handler;  // "lookup"
    std::string rate_class;
    std::string cache_control;
    bool response_cache = true;     // the host may answer "public, max-age=N" repeats from memory
    bool access_log = true;         // a line per request; a host handler may default to false (healthz, readyz)
    bool access_log_given = false;  // the route says access_log itself
    unsigned time_budget_ms = 0;    // 0: server.time_budget_ms; see ServerSpec
    int line = 0;
    int handler_line = 0;  // where its handler is named
};

struct PluginSpec {
    std::string name;
    std::string library;                        // resolved file path
    std::map<std::string, std::string> config;  // scalars by dotted key
    std::map<std::string, int> config_lines;    // the manifest line of each
    int line = 0;
};

struct TlsSpec {
    std::vector<ListenAddress> listen;
    std::string certificate;  // resolved path
    std::string key;          // resolved path
};

/// The metrics: section: where /metrics is served (host/metrics), never on a
/// public listener. Absent: no metrics listener.
struct MetricsSpec {
    std::vector<ListenAddress> listen;  // default 127.0.0.1:9464
};

struct ServerSpec {
    std::vector<ListenAddress> listen;
    unsigned threads = 0;                    // event loops; 0 = one per core
    unsigned workers = 4;                    // threads running request fibers (handlers that may wait on upstreams)
    unsigned queue = 4096;                   // requests on workers (running, waiting or queued) before 503 overloaded
    unsigned fiber_stack_kb = 256;           // per request fiber; only touched pages are resident
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
    unsigned max_connections = 10000;            // per event loop
    unsigned max_connections_per_address = 256;  // per caller block, all loops; trusted proxies exempt
    unsigned shutdown_grace_s = 10;              // SIGTERM: in-flight requests are answered within this
};

struct Manifest {
    std::string file;  // absolute path of the manifest
    std::string dir;   // its folder; relative paths resolve against it

    std::string service_host = "localhost";
    // service.url: the address clients call (the OpenAPI document's server); default
    // accounts.link_base_url when there is one, else https://<service.host>. No final "/".
    std::string service_url;
    std::string edge = "local";
    std::string key_docs_url;
    Quota invalid_key_limit{10, 100, 0};  // unknown or revoked keys a caller may send before 429
    unsigned key_refresh_ms = 250;  // keys.refresh_ms: how often the key cache checks the store (a revocation's delay)
    std::string log_level = "info";
    std::string access_log = "-";           // "-" stderr, "off", or a path (relative to state_dir)
    bool access_log_json = false;           // access_log_format: json (JSON lines) instead of text
    std::string state_dir;                  // resolved
    std::string store_path;                 // resolved, SQLite file
    unsigned store_write_behind_ms = 1000;  // rate limiter day counts reach the store this often
    // store.backend: "sqlite" (keys, plugin rows, status history in the SQLite
    // file) or "redis+postgres" (those in PostgreSQL, store.postgres, and the
    // rate counters in Redis).
    std::string store_backend = "sqlite";
    std::string store_postgres;        // libpq connection string
    unsigned store_postgres_pool = 4;  // connections per process
    // store.counters: where rate counters live. "memory" (this node, day
    // counts written behind to the SQLite file) or "redis" (shared by nodes).
    std::string store_counters = "memory";
    // store.redis.cluster: seed nodes ("host:port") of a Redis Cluster; empty:
    // one server at store_redis_host:store_redis_port. The counters learn the
    // other masters from the seeds (CLUSTER SLOTS).
    std::vector<std::string> store_redis_cluster;
    std::string store_redis_host = "127.0.0.1";
    unsigned store_redis_port = 6379;
    unsigned store_redis_timeout_ms = 250;  // a request waits no longer for its count
    std::string plugin_dir;                 // resolved

    ServerSpec server;
    std::optional<TlsSpec> tls;
    std::optional<MetricsSpec> metrics;

    // Facility sections: each one's type and reader live in its folder,
    // host/facilities/<name>/, which registers them (FacilityRegistry). An
    // absent section leaves its facility off.
    Sections sections;
    /// The section read as T (facilities::http::HttpConfig ...), or null when absent.
    template <class T>
    const T* section() const {
        return sections.get<T>();
    }
    facilities::guard::GuardConfig guard;             // always: the guard is always loaded; special_purpose always set
    std::optional<status::StatusConfig> status;       // the prober and the status routes (host/status)
    std::optional<account::AccountsConfig> accounts;  // key issuance by e-mail and the dashboard (host/account)

    // front_door.cli_user_agents: User-Agent product names of command-line
    // clients, which get the address at / and pretty JSON by default (docs/api.md, "The front door").
    std::vector<std::string> cli_user_agents{"curl", "Wget", "HTTPie", "xh", "fetch"};
    std::vector<std::string> trusted_proxies;  // CIDR text, validated
    unsigned caller_ipv6_prefix = 64;          // IPv6 callers are counted per block of this length
    // transient_max_age_s: the longest a shared cache may keep an answer holding a
    // failed or timed-out part (Response::transient); 0 sends it no-store.
    unsigned transient_max_age_s = 0;
    // challenge: the bot challenge past a class's challenge_after (host/pipeline/BotChallenge).
    unsigned challenge_difficulty = 18;   // leading zero bits of SHA-256(token + nonce)
    unsigned challenge_lifetime_s = 600;  // a challenge is good this long
    std::map<std::string, RateClass> rate_classes;
    std::vector<PluginSpec> plugins;
    std::vector<RouteSpec> routes;
};

/// Loads and validates `path`, with the sections every registered facility
/// reads (registeredSections). Throws ManifestError.
Manifest loadManifest(const std::string& path);

/// Loads and validates `path` with `sections` as the top-level sections read
/// by readers outside the manifest, besides the host's own. Throws ManifestError.
Manifest loadManifest(const std::string& path, const std::vector<SectionReader>& sections);

/// `text` as service.url takes it: http:// or https://, no spaces, quotes or angle
/// brackets, final "/" dropped; nullopt when it is not such a URL. (ipfactsd --url too.)
std::optional<std::string> serviceUrl(std::string text);

/// The sections of the host's registered facilities; defined with the
/// registry (host/facilities/FacilityRegistry.cpp), which the manifest reader
/// does not include.
std::vector<SectionReader> registeredSections();

}  // namespace ipfacts::manifest
