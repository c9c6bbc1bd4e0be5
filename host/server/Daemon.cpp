#include "host/server/Daemon.h"

#include "host/account/AccountService.h"
#include "host/facilities/Catalogue.h"
#include "host/facilities/cache/CacheFacility.h"
#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "host/facilities/tasks/TasksFacility.h"
#include "host/fiber/FiberScheduler.h"
#include "host/front/FrontDoor.h"
#include "host/metrics/MetricsPage.h"
#include "host/metrics/MetricsServer.h"
#include "host/openapi/OpenApiDocument.h"
#include "host/openapi/RouteContract.h"
#include "host/pipeline/CounterWriteBehind.h"
#include "host/pipeline/Pipeline.h"
#include "host/plugins/PluginLoader.h"
#include "host/server/CallerCounter.h"
#include "host/server/EventLoop.h"
#include "host/server/HttpConnection.h"
#include "host/server/Listener.h"
#include "host/server/Readiness.h"
#include "host/server/SystemdNotify.h"
#include "host/server/TlsContext.h"
#include "host/status/SqliteProbeHistory.h"
#include "host/status/StatusService.h"
#include "host/store/LiveKeyCache.h"
#include "host/store/ServerSecret.h"
#include "host/store/StoreBackend.h"
#include "host/store/redis/RedisRateCounters.h"
#include "host/store/sqlite/SqliteDayCounts.h"

#include <malloc.h>
#include <signal.h>

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <thread>

namespace ipfacts {
extern const char kStatusOpenApi[];
extern const char kAccountOpenApi[];
}  // namespace ipfacts

namespace ipfacts::server {
namespace {

constexpr const char* kOpenApiOperation = R"({
  "summary": "This API's OpenAPI 3.1 description",
  "description": "Assembled at start from the loaded plugins: a plugin removed from the manifest takes its paths with it.",
  "operationId": "getOpenApi",
  "tags": ["Service"],
  "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}}}}
})";

/// The host's own handlers: ids in the order of manifest::kHostHandlerNames, which the
/// manifest reader checks routes against.
enum HostHandlerId {
    kOpenApi = 0,
    kStatus,
    kStatusPage,
    kStatusBadgeSvg,
    kStatusBadgeJson,
    kStatusControl,
    kHealthz,
    kReadyz,
    kFront,
    kAccountRequest,
    kAccountSignin,
    kAccountDashboard,
    kAccountClock
};

constexpr const char* kFrontOperation = R"({
  "summary": "Your IP address, in the form your client wants",
  "description": "Content negotiation, as ifconfig.co does it. An Accept header naming text/plain, application/json or text/html (exactly, or text/*) decides by q-value (a tie goes to text/plain, then application/json); otherwise the User-Agent does: a command-line client (curl, Wget, HTTPie...: the manifest's front_door.cli_user_agents) gets the address and one newline exactly as /ip, a browser (a Mozilla/ User-Agent) an HTML page of the caller's facts and a guide to every endpoint, any other client the plain text. application/json is the IpReport, byte-for-byte as /json for the same request. Always sent with Vary: Accept, User-Agent. The page has no scripts and no external assets and is sent with a strict Content-Security-Policy; it never holds an API key. This short path has no version guarantee.",
  "operationId": "getFrontDoor",
  "tags": ["Connection"],
  "responses": {"200": {"description": "The address as text, the IpReport, or the HTML page", "content": {
    "text/plain": {"schema": {"type": "string", "description": "An IPv4 or IPv6 address, then \\n.", "examples": ["203.0.113.7\n"]}},
    "application/json": {"schema": {"$ref": "#/components/schemas/IpReport"}},
    "text/html": {"schema": {"type": "string"}}}}}
})";

constexpr const char* kHealthOperation = R"({
  "operations": {
    "healthz": {
      "summary": "Liveness: the process answers",
      "description": "200 and the text ok whenever an event loop can answer; for a load balancer or an orchestrator. Unmetered; not in the access log unless the route says access_log: true.",
      "operationId": "getHealthz",
      "tags": ["Service"],
      "responses": {"200": {"description": "The process answers", "content": {"text/plain": {"schema": {"type": "string", "const": "ok\n"}}}}}
    },
    "readyz": {
      "summary": "Readiness: whether this node should get traffic",
      "description": "200 when every plugin of the manifest loaded and every route is served, address data is loaded (when netdb is configured), the store answers a read, and the node is not shutting down; 503 otherwise, with each check and why. An upstream that fails does not make a node unready (every node shares it; the status page reports it). Unmetered; not in the access log unless the route says access_log: true.",
      "operationId": "getReadyz",
      "tags": ["Service"],
      "responses": {
        "200": {"description": "Ready", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}},
        "503": {"description": "Not ready", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}}
      }
    }
  },
  "schemas": {
    "Readiness": {
      "type": "object",
      "required": ["ready", "checks"],
      "additionalProperties": false,
      "properties": {
        "ready": {"type": "boolean"},
        "checks": {"type": "array", "items": {"type": "object", "required": ["name", "ok", "detail"], "additionalProperties": false,
          "properties": {"name": {"type": "string", "enum": ["plugins", "routes", "netdb", "store", "keys", "serving"]}, "ok": {"type": "boolean"}, "detail": {"type": "string"}}}}
      }
    }
  }
})";

constexpr time_t kHousekeepingSeconds = 10;

/// The id of host handler `name` (the manifest reader refused any other name).
int hostHandlerId(const std::string& name) {
    int i = 0;
    for (const char* h : manifest::kHostHandlerNames) {
        if (name == h) return i;
        ++i;
    }
    throw std::logic_error("host handler " + name + " passed the manifest check");
}

/// The prober's guard: the host's registry reading, and status.allow as its
/// only allow list (the guard: section's list is the plugins', not the prober's).
std::shared_ptr<const facilities::guard::AddressGuard> proberGuard(const manifest::Manifest& m,
                                                                   const facilities::FacilitySet& set) {
    facilities::guard::GuardConfig g;
    g.special_purpose = m.guard.special_purpose;
    for (const auto& cidr : m.status->allow) g.addAllowed(cidr);
    auto registry = set.registry()
                        ? set.registry()
                        : std::make_shared<const facilities::netdb::SpecialPurposeRegistry>(g.special_purpose);
    return std::make_shared<const facilities::guard::AddressGuard>(std::move(registry), std::move(g));
}

/// Where /metrics reads each number (host/metrics/MetricsPage.h).
metrics::MetricsSources metricsSources(const manifest::Manifest& m, pipeline::Pipeline& pl,
                                       const fiber::FiberScheduler& workers, facilities::FacilitySet& set) {
    metrics::MetricsSources s;
    s.requests = &pl.counters();
    for (const auto& r : pl.routes().routes()) s.routes.push_back(r.spec.path);
    s.routes.emplace_back(metrics::kUnmatchedRoute);
    s.outcomes = set.outcomes();
    s.response_cache = [&pl] { return pl.responseCache().stats(); };
    if (auto* cache = set.get<facilities::cache::CacheFacility>())
        s.plugin_cache = [cache] { return cache->backend().stats(); };
    s.worker_fibers = [&workers] { return workers.inUse(); };
    s.worker_fibers_max = m.server.queue;
    if (m.netdb) {
        for (const auto& f : m.netdb->city_mmdb) s.data_files.push_back({"city_mmdb", f});
        for (const auto& f : m.netdb->asn_csv) s.data_files.push_back({"asn_csv", f});
    }
    if (auto* netdb = set.get<facilities::NetDbFacility>())
        s.netdb_loaded_unix = [netdb] { return netdb->loadedUnix(); };
    s.start_unix = static_cast<int64_t>(std::time(nullptr));
    s.version = IPFACTS_VERSION;
    s.abi = std::to_string(IPF_ABI_MAJOR) + "." + std::to_string(IPF_ABI_MINOR);
    return s;
}

}  // namespace

struct Daemon::Parts {
    manifest::Manifest m;
    std::unique_ptr<store::AccountStore> keys;       // store.backend: the SQLite file or PostgreSQL
    std::unique_ptr<store::ServerSecret> secret;     // <state_dir>/server-secret, made at the first start
    std::unique_ptr<store::LiveKeyCache> key_cache;  // what the pipeline checks keys against
    // The service's time: rate windows, challenges, links, sessions, usage days
    // (manual, moved by host.account_clock, with accounts.manual_clock).
    std::unique_ptr<pipeline::ServiceClock> clock;
    // Fresh each start, known to the prober and the pipeline only: the prober's
    // requests to this node are served unmetered.
    std::string self_probe_token = store::randomHex(16);
    std::unique_ptr<account::AccountService> accounts;  // with an accounts: section
    std::unique_ptr<facilities::FacilitySet> facilities;
    ipf_host_api api{};
    std::vector<std::unique_ptr<plugins::LoadedPlugin>> plugins;
    std::string openapi;
    std::unique_ptr<status::StatusService> status;
    std::unique_ptr<Readiness> readiness;
    std::unique_ptr<pipeline::Pipeline> pipeline;
    std::unique_ptr<front::FrontDoor> front;  // with a host.front route
    std::unique_ptr<pipeline::BotChallenge> challenge;
    std::unique_ptr<pipeline::DayCountStore> day_counts;
    std::unique_ptr<pipeline::CounterWriteBehind> write_behind;  // of the pipeline's day counts (counters: memory)
    std::unique_ptr<store::RedisRateCounters> shared_counters;   // counters: redis
    std::unique_ptr<fiber::FiberScheduler> workers;
    std::unique_ptr<CallerCounter> per_address;
    std::unique_ptr<CallerCounter> slow_per_caller;
    TlsContextPtr tls;
    std::vector<std::unique_ptr<EventLoop>> loops;
    std::vector<std::thread> threads;
    std::unique_ptr<metrics::MetricsServer> metrics;  // last: it reads the parts above
};

void blockServiceSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);
}

Daemon::Daemon(manifest::Manifest m) : parts_(std::make_unique<Parts>()) {
    auto& p = *parts_;
    p.m = std::move(m);
    // Every loop binds with SO_REUSEPORT: check before anything else that no other process
    // (a second ipfactsd started by mistake) holds an address.
    for (const auto& a : p.m.server.listen) refuseIfHeld(a);
    if (p.m.tls)
        for (const auto& a : p.m.tls->listen) refuseIfHeld(a);
    if (p.m.metrics) {
        std::vector<manifest::ListenAddress> pub = p.m.server.listen;
        if (p.m.tls) pub.insert(pub.end(), p.m.tls->listen.begin(), p.m.tls->listen.end());
        metrics::refuseSharedPorts(p.m.metrics->listen, pub);
        for (const auto& a : p.m.metrics->listen) refuseIfHeld(a);
    }
    std::filesystem::create_directories(p.m.state_dir);
    p.clock = std::make_unique<pipeline::ServiceClock>(p.m.accounts && p.m.accounts->manual_clock);
    p.keys = store::openAccountStore(p.m);
    p.secret = std::make_unique<store::ServerSecret>(store::ServerSecret::loadOrCreate(p.m.state_dir));
    // Usage days follow the service clock (a test's manual one moves them too).
    p.key_cache = std::make_unique<store::LiveKeyCache>(
        *p.keys, [&p] { return p.clock->now(); }, p.m.key_refresh_ms);
    if (p.m.accounts)
        p.accounts =
            std::make_unique<account::AccountService>(*p.m.accounts, p.m.service_host, *p.keys, *p.secret, *p.key_cache,
                                                      *p.clock, account::makeMailer(*p.m.accounts));
    p.key_cache->start();

    p.facilities = facilities::startFacilities(p.m, *p.clock);  // budgets on the service's one clock
    if (p.m.status)
        p.status = std::make_unique<status::StatusService>(*p.m.status, p.m.service_host, store::openProbeHistory(p.m),
                                                           proberGuard(p.m, *p.facilities), p.facilities->outcomes(),
                                                           p.self_probe_token);
    p.api = plugins::makeHostApi(*p.facilities);
    plugins::PluginLoader loader(p.m, &p.api, *p.facilities);
    std::map<std::string, plugins::LoadedPlugin*> by_name;
    std::vector<std::string> refused, skipped;
    for (const auto& spec : p.m.plugins)
        if (auto lp = loader.load(spec)) {
            by_name[spec.name] = lp.get();
            p.plugins.push_back(std::move(lp));
        } else {
            refused.push_back(spec.name);
        }

    std::vector<std::string> class_names;
    for (const auto& [name, rc] : p.m.rate_classes) class_names.push_back(name);

    std::vector<pipeline::Route> routes;
    std::vector<openapi::RoutedOperation> ops;
    for (const auto& spec : p.m.routes) {
        pipeline::Route r;
        r.spec = spec;
        r.rate_class = &p.m.rate_classes.at(spec.rate_class);
        r.rate_class_index = static_cast<size_t>(std::find(class_names.begin(), class_names.end(), spec.rate_class) -
                                                 class_names.begin());
        r.cache_control_line = "Cache-Control: " + spec.cache_control + "\r\n";
        r.policy_anonymous = spec.rate_class + ":anonymous";
        r.policy_keyed = spec.rate_class + ":key";
        openapi::RoutedOperation op{spec, "", ""};
        if (spec.plugin == "host") {
            const int id = hostHandlerId(spec.handler);
            if (id == kFront && !by_name.count("ip")) {
                // It answers with the ip plugin's routes (the manifest reader checked they are routed).
                spdlog::warn("route={} skipped: the front door needs plugin ip, which is not loaded", spec.path);
                skipped.push_back(spec.path);
                continue;
            }
            r.host_handler = id;
            // Each serves bytes made already; the control handler runs a round of
            // probes and readyz reads the store: workers.
            const bool account = id >= kAccountRequest;
            // the account pages read and write the store: workers too.
            r.nonblocking = id != kStatusControl && id != kReadyz && !account;
            r.accepts_post = account && id != kAccountClock;
            if (id == kOpenApi)
                op.host_operation = kOpenApiOperation;
            else if (id == kFront)
                op.host_operation = kFrontOperation;
            else if (id == kHealthz || id == kReadyz)
                op.fragment = kHealthOperation;
            else if (account)
                op.fragment = kAccountOpenApi;
            else
                op.fragment = kStatusOpenApi;
        } else {
            auto it = by_name.find(spec.plugin);
            if (it == by_name.end()) {
                spdlog::warn("route={} skipped: plugin {} is not loaded", spec.path, spec.plugin);
                skipped.push_back(spec.path);
                continue;
            }
            const ipf_handler_def* h = it->second->handler(spec.handler);
            if (!h) {
                spdlog::error("route={} skipped: plugin {} has no handler '{}'", spec.path, spec.plugin, spec.handler);
                skipped.push_back(spec.path);
                continue;
            }
            r.fn = h->fn;
            r.state = it->second->state();
            r.nonblocking = (h->flags & IPF_HANDLER_NONBLOCKING) != 0;
            op.fragment = it->second->openapiFragment();
        }
        routes.push_back(std::move(r));
        ops.push_back(std::move(op));
    }
    p.openapi = openapi::buildDocument(p.m, ops);
    // The pipeline lets through the query parameters each operation declares (README "Query parameters").
    const auto contracts = openapi::routeContracts(p.openapi);
    for (auto& r : routes) {
        const auto& c = contracts.at(r.spec.path);
        r.query_params = c.query_params;
        r.json_fields = c.fields;
        r.address_params = c.address_params;
    }

    std::vector<pipeline::HostHandler> host_handlers;
    host_handlers.push_back([doc = &p.openapi](pipeline::Exchange& ex) {
        ex.response.status = 200;
        ex.response.content_type = "application/json";
        ex.response.body = *doc;
    });
    // Routed only when the manifest has a status: section (the manifest reader checks).
    status::StatusService* st = p.status.get();
    host_handlers.push_back([st](pipeline::Exchange& ex) { st->serveJson(ex); });
    host_handlers.push_back([st](pipeline::Exchange& ex) { st->servePage(ex); });
    host_handlers.push_back([st](pipeline::Exchange& ex) { st->serveBadgeSvg(ex); });
    host_handlers.push_back([st](pipeline::Exchange& ex) { st->serveBadgeJson(ex); });
    host_handlers.push_back([st](pipeline::Exchange& ex) { st->serveControl(ex); });
    p.readiness =
        std::make_unique<Readiness>(*p.facilities, p.m.netdb.has_value(), std::move(refused), std::move(skipped));
    host_handlers.push_back([](pipeline::Exchange& ex) { Readiness::serveHealth(ex); });
    host_handlers.push_back([rd = p.readiness.get()](pipeline::Exchange& ex) { rd->serveReady(ex); });
    // Made once the pipeline holds the routes it answers with (below).
    host_handlers.push_back([&p](pipeline::Exchange& ex) { p.front->serve(ex); });
    p.readiness->watchKeys(p.key_cache.get());
    // Routed only with an accounts: section (the manifest reader checks).
    account::AccountService* acc = p.accounts.get();
    host_handlers.push_back([acc](pipeline::Exchange& ex) { acc->serveRequest(ex); });
    host_handlers.push_back([acc](pipeline::Exchange& ex) { acc->serveSignin(ex); });
    host_handlers.push_back([acc](pipeline::Exchange& ex) { acc->serveDashboard(ex); });
    host_handlers.push_back([acc](pipeline::Exchange& ex) { acc->serveClock(ex); });
    p.pipeline = std::make_unique<pipeline::Pipeline>(p.m, std::make_unique<pipeline::RouteTable>(std::move(routes)),
                                                      p.key_cache.get(), std::move(host_handlers), *p.clock);
    p.pipeline->setSelfProbeToken(p.self_probe_token);
    if (front::routeOf(p.pipeline->routes().routes(), "host", manifest::kHostHandlerNames[kFront])) {
        const auto& served = p.pipeline->routes().routes();
        p.front = std::make_unique<front::FrontDoor>(
            front::FrontDoor::Parts{front::routeOf(served, "ip", "address"), front::routeOf(served, "ip", "report"),
                                    front::endpointGuide(p.openapi), &p.pipeline->commandLineAgents(), p.m.service_host,
                                    front::routeOf(served, "host", "status_page") != nullptr,
                                    [pl = p.pipeline.get()](const pipeline::Route& r, pipeline::Exchange& ex) {
                                        return pl->callHandler(r, ex);
                                    }});
    }
    p.challenge = std::make_unique<pipeline::BotChallenge>(
        *p.secret, pipeline::ChallengeConfig{p.m.challenge_difficulty, p.m.challenge_lifetime_s});
    p.pipeline->setBotChallenge(p.challenge.get());
    if (p.m.store_counters == "redis") {
        store::RedisCountersConfig rc;
        rc.host = p.m.store_redis_host;
        rc.port = static_cast<int>(p.m.store_redis_port);
        rc.timeout_ms = static_cast<int>(p.m.store_redis_timeout_ms);
        p.shared_counters = std::make_unique<store::RedisRateCounters>(rc);
        p.pipeline->setSharedCounters(p.shared_counters.get());
    } else {
        // Today's counts of the last run, in place before the first request.
        p.day_counts = std::make_unique<store::SqliteDayCounts>(manifest::resolvePath(p.m.state_dir, p.m.store_path));
        p.write_behind = std::make_unique<pipeline::CounterWriteBehind>(
            p.pipeline->rateLimiter(), *p.day_counts, std::chrono::milliseconds(p.m.store_write_behind_ms),
            [&p] { return p.clock->now(); });
        if (size_t n = p.write_behind->restore()) spdlog::info("rate counters: {} day counts of today restored", n);
    }
    p.workers = std::make_unique<fiber::FiberScheduler>(
        fiber::FiberScheduler::Options{p.m.server.workers, p.m.server.queue, size_t(p.m.server.fiber_stack_kb) * 1024});
    // Requests arrive here with the caller's block already cut (Exchange::caller_block).
    p.slow_per_caller =
        std::make_unique<CallerCounter>(p.m.server.slow_requests_per_caller, 128, std::vector<std::string>{});
    p.per_address = std::make_unique<CallerCounter>(p.m.server.max_connections_per_address, p.m.caller_ipv6_prefix,
                                                    p.m.trusted_proxies);
    if (p.m.tls) p.tls = makeServerTlsContext(p.m.tls->certificate, p.m.tls->key);

    unsigned n = p.m.server.threads ? p.m.server.threads : std::max(1u, std::thread::hardware_concurrency());
    for (unsigned i = 0; i < n; ++i) {
        auto loop =
            std::make_unique<EventLoop>(p.m.server, *p.pipeline, *p.workers, *p.per_address, *p.slow_per_caller);
        for (const auto& a : p.m.server.listen) loop->listen(a, nullptr);
        if (p.m.tls)
            for (const auto& a : p.m.tls->listen) loop->listen(a, p.tls.get());
        p.loops.push_back(std::move(loop));
    }
    if (p.m.metrics) {
        p.metrics = std::make_unique<metrics::MetricsServer>(
            p.m.metrics->listen, [src = metricsSources(p.m, *p.pipeline, *p.workers, *p.facilities)] {
                return metrics::renderMetrics(src, static_cast<int64_t>(std::time(nullptr)));
            });
    }
}

Daemon::~Daemon() = default;

int Daemon::run() {
    auto& p = *parts_;
    if (p.write_behind) p.write_behind->start();
    for (auto& loop : p.loops) p.threads.emplace_back([l = loop.get()] { l->run(); });
    auto* tasks = p.facilities->get<facilities::tasks::TasksFacility>();
    if (tasks) tasks->runner().start(*p.workers);
    // After the loops: the first round may probe this daemon's own listeners.
    if (p.status) p.status->start();
    if (p.metrics) p.metrics->start();
    std::string where;
    for (const auto& a : p.m.server.listen) where += " http://" + a.text;
    if (p.m.tls)
        for (const auto& a : p.m.tls->listen) where += " https://" + a.text;
    if (p.m.metrics)
        for (const auto& a : p.m.metrics->listen) where += " (metrics http://" + a.text + "/metrics)";
    spdlog::info("ipfactsd serving on{} with {} event loops, {} workers, {} routes", where, p.loops.size(),
                 p.m.server.workers, p.pipeline->routes().routes().size());
    // Type=notify: the listeners accept from here on, so systemd may start what depends on us.
    const SystemdNotify notify;
    if (std::string why = notify.send("READY=1\nSTATUS=serving"); !why.empty()) spdlog::warn("sd_notify: {}", why);

    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGUSR1);
    int64_t last_purge = monotonicSeconds();
    while (true) {
        timespec wait{kHousekeepingSeconds, 0};
        int sig = sigtimedwait(&set, nullptr, &wait);
        if (sig == SIGTERM || sig == SIGINT) {
            spdlog::info("signal {}: stopping", sig);
            if (std::string why = notify.send("STOPPING=1"); !why.empty()) spdlog::warn("sd_notify: {}", why);
            break;
        }
        if (sig == SIGHUP) p.facilities->reload();
        // logrotate moved the access log away: write to a new file of the same name.
        if (sig == SIGUSR1) {
            if (std::string why = p.pipeline->reopenLog(); !why.empty())
                spdlog::error("SIGUSR1: {}", why);
            else
                spdlog::info("SIGUSR1: access log reopened");
        }
        // Buffers of closed connections go back to the system, not only to
        // the allocator's free lists: after a burst of thousands of
        // connections the resident size comes back down within seconds.
        malloc_trim(0);
        // Once a minute (and on SIGHUP): drop counters of ended windows.
        int64_t now = monotonicSeconds();
        if (sig == SIGHUP || now - last_purge >= 60) {
            last_purge = now;
            p.pipeline->rateLimiter().purge(p.clock->now());
            p.facilities->purge(p.clock->now());  // the budgets count on this clock
            if (p.accounts) p.accounts->purge();  // expired links: their plain addresses go
        }
    }
    // Requests in flight are answered within the grace: with their result,
    // or 503 a second before its end; the process is gone by the end.
    const auto grace = std::chrono::seconds(p.m.server.shutdown_grace_s);
    const auto deadline = std::chrono::steady_clock::now() + grace;
    const int64_t answer_by = pipeline::monotonicMicros() / 1000 + int64_t(p.m.server.shutdown_grace_s) * 1000 - 1000;
    // No task run starts from here on; the running ones end on their fibers,
    // which stopBy below waits for, before any plugin's shutdown.
    if (tasks) tasks->runner().stop();
    p.readiness->stopping();
    if (p.status) p.status->stop();
    if (p.metrics) p.metrics->stop();
    for (auto& loop : p.loops) loop->stop(answer_by);
    for (auto& t : p.threads) t.join();
    // No request counts from here on: the last changes reach the store.
    if (p.write_behind) p.write_behind->stop();
    if (p.shared_counters) p.shared_counters->stop();
    p.key_cache->stop();  // the last second's request counts written
    if (!p.workers->stopBy(deadline)) {
        // A worker still waits on an upstream past its budget. Its client was
        // answered; nothing is left to save, so leave without waiting for it.
        spdlog::warn("grace of {} s over with workers still busy; exiting without them", p.m.server.shutdown_grace_s);
        spdlog::info("stopped");
        spdlog::shutdown();
        std::fflush(nullptr);
        std::_Exit(0);
    }
    spdlog::info("stopped");
    return 0;
}

}  // namespace ipfacts::server
