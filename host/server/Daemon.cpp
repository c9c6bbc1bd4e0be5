#include "host/server/Daemon.h"

#include "host/account/AccountService.h"
#include "host/facilities/Catalogue.h"
#include "host/facilities/guard/AddressGuard.h"
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
#include "host/server/HostRoutes.h"
#include "host/server/HttpConnection.h"
#include "host/server/Listener.h"
#include "host/server/Readiness.h"
#include "host/server/RouteBinding.h"
#include "host/server/SystemdNotify.h"
#include "host/server/TlsContext.h"
#include "host/status/StatusService.h"
#include "host/store/LiveKeyCache.h"
#include "host/store/ServerSecret.h"
#include "host/store/StoreBackend.h"
#include "host/store/redis/RedisClusterCounters.h"
#include "host/store/redis/RedisRateCounters.h"
#include "host/store/sqlite/SqliteDayCounts.h"
#include "host/store/sqlite/SqliteProbeHistory.h"

#include <malloc.h>
#include <signal.h>

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iterator>
#include <map>
#include <thread>

namespace ipfacts::server {

struct Daemon::Parts {
    manifest::Manifest m;
    std::unique_ptr<store::AccountStore> keys;       // store.backend: the SQLite file or PostgreSQL
    std::unique_ptr<store::ServerSecret> secret;     // <state_dir>/server-secret, made at the first start
    std::unique_ptr<store::LiveKeyCache> key_cache;  // what the pipeline checks keys against
    // The service's time: rate windows, challenges, links, sessions, usage days
    // (manual, moved by host.account_clock, with accounts.manual_clock).
    std::unique_ptr<ratelimit::ServiceClock> clock;
    // Sign-in mails, unknown keys, meters and upstream budgets: in Redis, every
    // node's, with store.counters: redis; else this node's (store::openWindowTally).
    std::shared_ptr<ratelimit::WindowTally> tally;
    // Fresh each start, known to the prober and the pipeline only: the prober's
    // requests to this node are served unmetered.
    std::string self_probe_token = store::randomHex(16);
    std::unique_ptr<account::AccountService> accounts;  // with an accounts: section
    std::unique_ptr<facilities::FacilitySet> facilities;
    std::unique_ptr<status::StatusService> status;
    ipf_host_api api{};
    std::vector<std::unique_ptr<plugins::LoadedPlugin>> plugins;
    std::map<std::string, plugins::LoadedPlugin*> loaded;  // by name
    std::vector<std::string> refused;                      // plugins that did not load
    std::string openapi;
    std::unique_ptr<Readiness> readiness;
    std::unique_ptr<pipeline::Pipeline> pipeline;
    std::unique_ptr<front::FrontDoor> front;  // with a host.front route
    std::unique_ptr<pipeline::BotChallenge> challenge;
    std::unique_ptr<ratelimit::DayCountStore> day_counts;
    std::unique_ptr<pipeline::CounterWriteBehind> write_behind;     // of the pipeline's day counts (counters: memory)
    std::unique_ptr<store::RedisClusterCounters> cluster_counters;  // counters: redis, store.redis.cluster
    std::unique_ptr<fiber::FiberScheduler> workers;
    std::unique_ptr<CallerCounter> per_address;
    std::unique_ptr<CallerCounter> slow_per_caller;
    TlsContextPtr tls;
    std::vector<std::unique_ptr<EventLoop>> loops;
    std::vector<std::thread> threads;
    std::unique_ptr<metrics::MetricsServer> metrics;
    // Shutdown: requests in flight are answered by then (monotonic ms), and
    // the workers are done by the end of the grace.
    int64_t answer_by_ms = 0;
    std::chrono::steady_clock::time_point grace_ends;
};

namespace {

constexpr time_t kHousekeepingSeconds = 10;

/// A part of the daemon: what starts it, and what undoes it (null: nothing
/// beyond what the later stages' undoing leaves). Each stage uses only what
/// the stages before it made; the daemon undoes them in reverse.
struct Stage {
    const char* name;
    void (*start)(Daemon::Parts&);
    void (*stop)(Daemon::Parts&);
};

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
                                       const fiber::FiberScheduler& workers, facilities::FacilitySet& set,
                                       std::shared_ptr<const ratelimit::WindowTally> tally) {
    metrics::MetricsSources s;
    s.requests = &pl.counters();
    for (const auto& r : pl.routes().routes()) s.routes.push_back(r.spec.path);
    s.routes.emplace_back(metrics::kUnmatchedRoute);
    s.outcomes = set.outcomes();
    s.response_cache = [&pl] { return pl.responseCache().stats(); };
    s.worker_fibers = [&workers] { return workers.inUse(); };
    s.worker_fibers_max = m.server.queue;
    s.tally_fallbacks = [tally = std::move(tally)] { return tally->fallbacks(); };
    s.facilities = [&set](int64_t now_unix) { return set.metrics(now_unix); };
    s.start_unix = static_cast<int64_t>(std::time(nullptr));
    s.version = IPFACTS_VERSION;
    s.abi = std::to_string(IPF_ABI_MAJOR) + "." + std::to_string(IPF_ABI_MINOR);
    return s;
}

// ---- Stages of the start, in order ----

/// Before anything opens: host routes the host can serve, and listen
/// addresses no other process holds (every loop binds with SO_REUSEPORT, so a
/// second ipfactsd started by mistake would share them silently).
void checkManifest(Daemon::Parts& p) {
    checkHostRoutes(p.m);
    for (const auto& a : p.m.server.listen) refuseIfHeld(a);
    if (p.m.tls)
        for (const auto& a : p.m.tls->listen) refuseIfHeld(a);
    if (p.m.metrics) {
        std::vector<manifest::ListenAddress> pub = p.m.server.listen;
        if (p.m.tls) pub.insert(pub.end(), p.m.tls->listen.begin(), p.m.tls->listen.end());
        metrics::refuseSharedPorts(p.m.metrics->listen, pub);
        for (const auto& a : p.m.metrics->listen) refuseIfHeld(a);
    }
}

/// The account data, the server secret, the live keys and the account pages' service.
/// Each metered class's keyed quota, for the dashboard's limits.
std::vector<account::KeyLimit> keyLimits(const manifest::Manifest& m) {
    std::vector<account::KeyLimit> out;
    for (const auto& [name, c] : m.rate_classes)
        if (c.metered && (c.keyed.per_minute || c.keyed.per_day))
            out.push_back({name, c.keyed.per_minute, c.keyed.per_day});
    return out;
}

void openStore(Daemon::Parts& p) {
    std::filesystem::create_directories(p.m.state_dir);
    p.clock = std::make_unique<ratelimit::ServiceClock>(p.m.accounts && p.m.accounts->manual_clock);
    p.keys = store::openAccountStore(p.m);
    p.tally = store::openWindowTally(p.m);
    store::setDiskReserveAside(p.m);  // a revocation on a full disk spends it (docs/operations.md)
    p.secret = std::make_unique<store::ServerSecret>(store::ServerSecret::loadOrCreate(p.m.state_dir));
    // Usage days follow the service clock (a test's manual one moves them too).
    p.key_cache = std::make_unique<store::LiveKeyCache>(
        *p.keys, [&p] { return p.clock->now(); }, p.m.key_refresh_ms);
    if (p.m.accounts)
        p.accounts = std::make_unique<account::AccountService>(
            *p.m.accounts, p.m.service_host, *p.keys, *p.secret, *p.key_cache, *p.clock,
            account::makeMailer(*p.m.accounts), p.tally, keyLimits(p.m));
    p.key_cache->start();
}

void closeStore(Daemon::Parts& p) {
    p.accounts.reset();
    p.key_cache.reset();
    p.tally.reset();
    p.secret.reset();
    p.keys.reset();
    p.clock.reset();
}

/// The facilities the manifest configures (FacilityRegistry), and the status
/// service, which counts their upstreams.
void startServices(Daemon::Parts& p) {
    // Budgets count on the service's one clock, made with the store before this stage.
    p.facilities = facilities::startFacilities(p.m, facilities::builtinFacilities(), *p.clock, p.tally);
    if (p.m.status)
        p.status = std::make_unique<status::StatusService>(*p.m.status, p.m.service_host, store::openProbeHistory(p.m),
                                                           proberGuard(p.m, *p.facilities), p.facilities->outcomes(),
                                                           p.self_probe_token);
}

void stopServices(Daemon::Parts& p) {
    p.status.reset();
    p.facilities.reset();  // in the reverse of their start
}

/// The plugins of the manifest, over the facilities' host table.
void loadPlugins(Daemon::Parts& p) {
    p.api = plugins::makeHostApi(*p.facilities);
    plugins::PluginLoader loader(p.m, &p.api, *p.facilities);
    for (const auto& spec : p.m.plugins)
        if (auto lp = loader.load(spec)) {
            p.loaded[spec.name] = lp.get();
            p.plugins.push_back(std::move(lp));
        } else {
            p.refused.push_back(spec.name);
        }
}

void unloadPlugins(Daemon::Parts& p) {
    p.loaded.clear();
    while (!p.plugins.empty()) p.plugins.pop_back();
}

/// The routes bound to plugins and host handlers, the OpenAPI document they
/// make, readiness, the pipeline, and the front door (which answers through
/// the pipeline's routes).
void bindRoutes(Daemon::Parts& p) {
    auto handlers = hostHandlers({&p.openapi, p.status.get(), &p.readiness, &p.front, p.accounts.get(),
                                  facilities::builtinFacilities().readinessChecks(), p.facilities.get()});
    BoundRoutes bound = server::bindRoutes(p.m, p.loaded, handlers);
    p.openapi = openapi::buildDocument(p.m, bound.operations);
    // The pipeline lets through the query parameters each operation declares (docs/api.md, "Query parameters").
    const auto contracts = openapi::routeContracts(p.openapi);
    for (auto& r : bound.routes) {
        const auto& c = contracts.at(r.spec.path);
        r.query_params = c.query_params;
        r.json_fields = c.fields;
        r.address_params = c.address_params;
        r.target_params = c.target_params;
    }
    p.readiness = std::make_unique<Readiness>(*p.facilities, p.refused, std::move(bound.skipped));
    p.readiness->watchKeys(p.key_cache.get());
    std::vector<pipeline::HostHandler> serve;
    for (auto& h : handlers) serve.push_back(std::move(h.serve));
    p.pipeline =
        std::make_unique<pipeline::Pipeline>(p.m, std::make_unique<pipeline::RouteTable>(std::move(bound.routes)),
                                             p.key_cache.get(), std::move(serve), *p.clock);
    p.pipeline->setSelfProbeToken(p.self_probe_token);
    p.pipeline->setTally(p.tally);
    const auto& served = p.pipeline->routes().routes();
    if (front::routeOf(served, "host", "front"))
        p.front = std::make_unique<front::FrontDoor>(
            front::FrontDoor::Parts{front::routeOf(served, "ip", "address"), front::routeOf(served, "ip", "report"),
                                    front::routeOf(served, "lookup", "lookup"), front::endpointGuide(p.openapi),
                                    &p.pipeline->commandLineAgents(), p.m.service_host,
                                    front::routeOf(served, "host", "status_page") != nullptr,
                                    [pl = p.pipeline.get()](const pipeline::Route& r, pipeline::Exchange& ex) {
                                        return pl->callHandler(r, ex);
                                    },
                                    [pl = p.pipeline.get()](const pipeline::Route& r, pipeline::Exchange& ex) {
                                        return pl->answerFromCacheAs(r, ex);
                                    },
                                    [pl = p.pipeline.get()](const pipeline::Route& r, pipeline::Exchange& ex) {
                                        return pl->callHandlerAndKeep(r, ex);
                                    }});
}

void unbindRoutes(Daemon::Parts& p) {
    p.front.reset();
    p.pipeline.reset();
    p.readiness.reset();
}

/// The rate counters shared in a Redis Cluster, found from the manifest's seed nodes.
void startClusterCounters(Daemon::Parts& p) {
    store::RedisClusterConfig rc;
    for (const auto& seed : p.m.store_redis_cluster) rc.seeds.push_back(*store::parseNodeAddress(seed));
    rc.timeout_ms = static_cast<int>(p.m.store_redis_timeout_ms);
    p.cluster_counters = std::make_unique<store::RedisClusterCounters>(rc);
    p.pipeline->setSharedCounters(p.cluster_counters.get());
}

/// The bot challenge and the rate counters: shared in Redis, or this node's
/// with today's counts of the last run restored before the first request.
void startMetering(Daemon::Parts& p) {
    p.challenge = std::make_unique<pipeline::BotChallenge>(
        *p.secret, pipeline::ChallengeConfig{p.m.challenge_difficulty, p.m.challenge_lifetime_s});
    p.pipeline->setBotChallenge(p.challenge.get());
    if (p.m.store_counters == "redis" && !p.m.store_redis_cluster.empty()) return startClusterCounters(p);
    if (p.m.store_counters == "redis") {
        store::RedisCountersConfig rc;
        rc.host = p.m.store_redis_host;
        rc.port = static_cast<int>(p.m.store_redis_port);
        rc.timeout_ms = static_cast<int>(p.m.store_redis_timeout_ms);
        // Each event loop opens its own connection, on its own epoll set.
        p.pipeline->setLoopCounters(store::RedisRateCounters::opener(rc));
        return;
    }
    p.day_counts = std::make_unique<store::SqliteDayCounts>(manifest::resolvePath(p.m.state_dir, p.m.store_path));
    p.write_behind = std::make_unique<pipeline::CounterWriteBehind>(
        p.pipeline->rateLimiter(), *p.day_counts, std::chrono::milliseconds(p.m.store_write_behind_ms),
        [&p] { return p.clock->now(); });
    if (size_t n = p.write_behind->restore()) spdlog::info("rate counters: {} day counts of today restored", n);
}

void stopMetering(Daemon::Parts& p) {
    p.write_behind.reset();
    p.day_counts.reset();
    p.challenge.reset();
    p.cluster_counters.reset();
}

/// The workers, the callers' counters, TLS, one event loop per thread with
/// its listeners, and the metrics listener.
void makeServers(Daemon::Parts& p) {
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
    if (p.m.metrics)
        p.metrics = std::make_unique<metrics::MetricsServer>(
            p.m.metrics->listen, [src = metricsSources(p.m, *p.pipeline, *p.workers, *p.facilities, p.tally)] {
                return metrics::renderMetrics(src, static_cast<int64_t>(std::time(nullptr)));
            });
}

void closeServers(Daemon::Parts& p) {
    p.metrics.reset();  // it reads the loops' counters and the workers
    p.loops.clear();
    p.tls.reset();
    p.per_address.reset();
    p.slow_per_caller.reset();
    p.workers.reset();
}

/// The daemon's parts, each stage over the ones before it.
constexpr Stage kBuild[] = {
    {"manifest checks", checkManifest, nullptr}, {"store", openStore, closeStore},
    {"facilities", startServices, stopServices}, {"plugins", loadPlugins, unloadPlugins},
    {"routes", bindRoutes, unbindRoutes},        {"metering", startMetering, stopMetering},
    {"servers", makeServers, closeServers},
};

// ---- Stages of serving: started by run(), stopped at SIGTERM in reverse ----

/// A worker still waiting on an upstream past its budget at the end of the
/// grace: its client was answered and nothing is left to save, so the process
/// leaves without waiting for it.
void stopWorkers(Daemon::Parts& p) {
    if (p.workers->stopBy(p.grace_ends)) return;
    spdlog::warn("grace of {} s over with workers still busy; exiting without them", p.m.server.shutdown_grace_s);
    spdlog::info("stopped");
    spdlog::shutdown();
    std::fflush(nullptr);
    std::_Exit(0);
}

/// The cluster counters' thread, started with them; stopped once the event loops are.
void stopClusterCounters(Daemon::Parts& p) {
    if (p.cluster_counters) p.cluster_counters->stop();
}

/// The key cache, started when the store opened; stopping writes the last second's request counts.
void stopKeyCache(Daemon::Parts& p) { p.key_cache->stop(); }

void startWriteBehind(Daemon::Parts& p) {
    if (p.write_behind) p.write_behind->start();
}

/// Stopped once no request counts any more: the last changes reach the store.
void stopWriteBehind(Daemon::Parts& p) {
    if (p.write_behind) p.write_behind->stop();
}

void startLoops(Daemon::Parts& p) {
    for (auto& loop : p.loops) p.threads.emplace_back([l = loop.get()] { l->run(); });
}

/// Requests in flight get their answer, or 503 shutting_down a second before the grace ends.
void stopLoops(Daemon::Parts& p) {
    for (auto& loop : p.loops) loop->stop(p.answer_by_ms);
    for (auto& t : p.threads) t.join();
    p.threads.clear();
}

void startTasks(Daemon::Parts& p) {
    if (auto* tasks = p.facilities->get<facilities::tasks::TasksFacility>()) tasks->runner().start(*p.workers);
}

/// No task run starts from here on; the running ones end on their fibers,
/// which the workers' stop waits for, before any plugin's shutdown.
void stopTasks(Daemon::Parts& p) {
    if (auto* tasks = p.facilities->get<facilities::tasks::TasksFacility>()) tasks->runner().stop();
}

/// After the loops: the first round may probe this daemon's own listeners.
void startProber(Daemon::Parts& p) {
    if (p.status) p.status->start();
}

void stopProber(Daemon::Parts& p) {
    if (p.status) p.status->stop();
}

void startMetrics(Daemon::Parts& p) {
    if (p.metrics) p.metrics->start();
}

void stopMetrics(Daemon::Parts& p) {
    if (p.metrics) p.metrics->stop();
}

constexpr Stage kServe[] = {
    {"workers", nullptr, stopWorkers},          {"cluster counters", nullptr, stopClusterCounters},
    {"key cache", nullptr, stopKeyCache},       {"write-behind", startWriteBehind, stopWriteBehind},
    {"event loops", startLoops, stopLoops},     {"tasks", startTasks, stopTasks},
    {"status prober", startProber, stopProber}, {"metrics", startMetrics, stopMetrics},
};

/// Undoes stages [0, count) of `stages`, last first.
template <size_t N>
void stopStages(const Stage (&stages)[N], size_t count, Daemon::Parts& p) {
    while (count > 0) {
        const Stage& s = stages[--count];
        spdlog::debug("stopping: {}", s.name);
        if (s.stop) s.stop(p);
    }
}

/// Starts every stage of `stages` in order; when one throws, undoes the ones
/// started and lets the exception go on.
template <size_t N>
void startStages(const Stage (&stages)[N], Daemon::Parts& p) {
    size_t started = 0;
    try {
        for (const Stage& s : stages) {
            spdlog::debug("starting: {}", s.name);
            if (s.start) s.start(p);
            ++started;
        }
    } catch (...) {
        stopStages(stages, started, p);
        throw;
    }
}

std::string listenersText(const manifest::Manifest& m) {
    std::string where;
    for (const auto& a : m.server.listen) where += " http://" + a.text;
    if (m.tls)
        for (const auto& a : m.tls->listen) where += " https://" + a.text;
    if (m.metrics)
        for (const auto& a : m.metrics->listen) where += " (metrics http://" + a.text + "/metrics)";
    return where;
}

sigset_t serviceSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGUSR1);
    return set;
}

/// SIGHUP, SIGUSR1 and the housekeeping every few seconds, until SIGTERM or SIGINT.
void serveUntilStopped(Daemon::Parts& p, const SystemdNotify& notify) {
    const sigset_t set = serviceSignals();
    int64_t last_purge = monotonicSeconds();
    while (true) {
        timespec wait{kHousekeepingSeconds, 0};
        int sig = sigtimedwait(&set, nullptr, &wait);
        if (sig == SIGTERM || sig == SIGINT) {
            spdlog::info("signal {}: stopping", sig);
            if (std::string why = notify.send("STOPPING=1"); !why.empty()) spdlog::warn("sd_notify: {}", why);
            return;
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
            p.tally->purge(p.clock->now());
            p.facilities->purge(p.clock->now());  // the budgets count on this clock
            if (p.accounts) p.accounts->purge();  // expired links: their plain addresses go
        }
    }
}

}  // namespace

void blockServiceSignals() {
    const sigset_t set = serviceSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);
}

Daemon::Daemon(manifest::Manifest m) : parts_(std::make_unique<Parts>()) {
    parts_->m = std::move(m);
    startStages(kBuild, *parts_);
}

Daemon::~Daemon() { stopStages(kBuild, std::size(kBuild), *parts_); }

int Daemon::run() {
    auto& p = *parts_;
    startStages(kServe, p);
    spdlog::info("ipfactsd serving on{} with {} event loops, {} workers, {} routes", listenersText(p.m), p.loops.size(),
                 p.m.server.workers, p.pipeline->routes().routes().size());
    // Type=notify: the listeners accept from here on, so systemd may start what depends on us.
    const SystemdNotify notify;
    if (std::string why = notify.send("READY=1\nSTATUS=serving"); !why.empty()) spdlog::warn("sd_notify: {}", why);
    serveUntilStopped(p, notify);
    // Requests in flight are answered within the grace: with their result,
    // or 503 a second before its end; the process is gone by the end.
    p.grace_ends = std::chrono::steady_clock::now() + std::chrono::seconds(p.m.server.shutdown_grace_s);
    p.answer_by_ms = pipeline::monotonicMicros() / 1000 + int64_t(p.m.server.shutdown_grace_s) * 1000 - 1000;
    p.readiness->stopping();
    stopStages(kServe, std::size(kServe), p);
    spdlog::info("stopped");
    return 0;
}

}  // namespace ipfacts::server
