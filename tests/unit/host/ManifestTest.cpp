#include "host/manifest/Manifest.h"
#include "host/server/HostRoutes.h"

#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <fstream>

using namespace ipfacts::manifest;

namespace {

std::string write(const std::string& text) {
    auto dir = std::filesystem::temp_directory_path() / "ipfacts-manifest-test";
    std::filesystem::create_directories(dir);
    auto path = (dir / "m.yaml").string();
    std::ofstream(path) << text;
    return path;
}

/// The "file:line: reason" of loading `text`, or "" when it loads. Host
/// routes are checked as the daemon and --check-config do, against the host
/// handlers each part declares (host/server/HostRoutes.h).
std::string errorOf(const std::string& text) {
    try {
        ipfacts::server::checkHostRoutes(loadManifest(write(text)));
        return "";
    } catch (const ManifestError& e) {
        return e.what();
    }
}

const char* kGood = R"(service: { host: ipfacts.example }
rate_classes:
  address: { anonymous: { per_minute: 60, per_day: 1000 } }
plugins:
  ip: { library: ip, config: { a: { b: 1 }, list: [x, y] } }
routes:
  - { path: /ip, handler: ip.address, rate_class: address, cache_control: "private, no-store" }
  - { path: "/x/{id}", handler: ip.address }
)";

}  // namespace

class ManifestTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ManifestTest);
    CPPUNIT_TEST(loadsAndResolves);
    CPPUNIT_TEST(serviceUrl);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST(refusesBadRoutes);
    CPPUNIT_TEST(listenAddresses);
    CPPUNIT_TEST(timeBudgetsEndBeforeTheShutdownGrace);
    CPPUNIT_TEST(accessLogFormat);
    CPPUNIT_TEST(transientMaxAge);
    CPPUNIT_TEST(frontDoorSection);
    CPPUNIT_TEST(metricsSection);
    CPPUNIT_TEST(hostHandlersAndTheStatusSection);
    CPPUNIT_TEST(storeSection);
    CPPUNIT_TEST(redisClusterSeeds);
    CPPUNIT_TEST(accountHandlersAndTheAccountsSection);
    CPPUNIT_TEST_SUITE_END();

public:
    void metricsSection() {
        CPPUNIT_ASSERT(!loadManifest(write(kGood)).metrics);  // absent: no metrics listener
        auto m = loadManifest(write(std::string(kGood) + "metrics: {}\n"));
        CPPUNIT_ASSERT(m.metrics);
        CPPUNIT_ASSERT_EQUAL(size_t(1), m.metrics->listen.size());
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:9464"), m.metrics->listen[0].text);  // loopback by default
        m = loadManifest(write(std::string(kGood) + "metrics: { listen: [\"[::1]:9100\", \"127.0.0.1:9101\"] }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), m.metrics->listen[0].host);
        CPPUNIT_ASSERT_EQUAL(uint16_t(9101), m.metrics->listen[1].port);
        std::string e = errorOf(std::string(kGood) + "metrics: { listen: [\"localhost\"] }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:9: bad listen address 'localhost'") != std::string::npos);
        e = errorOf(std::string(kGood) + "metrics: { port: 9464 }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:9") != std::string::npos && e.find("port") != std::string::npos);
        e = errorOf(std::string(kGood) + "metrics: { listen: [] }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("metrics.listen needs at least one") != std::string::npos);
    }

    void frontDoorSection() {
        const std::vector<std::string> defaults{"curl", "Wget", "HTTPie", "xh", "fetch"};
        CPPUNIT_ASSERT(loadManifest(write(kGood)).cli_user_agents == defaults);
        auto m = loadManifest(write(std::string(kGood) + "front_door: { cli_user_agents: [curl, aria2] }\n"));
        CPPUNIT_ASSERT((m.cli_user_agents == std::vector<std::string>{"curl", "aria2"}));
        std::string e = errorOf(std::string(kGood) + "front_door: { cli_user_agents: [\"curl/8\"] }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("is not a product name") != std::string::npos);
        e = errorOf(std::string(kGood) + "front_door: { cli_agents: [curl] }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:9") != std::string::npos);
        // host.front answers with the ip plugin's routes: without them the manifest is refused.
        std::string front = kGood;
        const std::string routes = "routes:\n";
        front.insert(front.find(routes) + routes.size(), "  - { path: /, handler: host.front }\n");
        e = errorOf(front);
        CPPUNIT_ASSERT_MESSAGE(e, e.find("answers with ip.address and ip.report: route both") != std::string::npos);
        front.insert(front.find(routes) + routes.size(), "  - { path: /json, handler: ip.report }\n");
        CPPUNIT_ASSERT_EQUAL(std::string(), errorOf(front));
    }

    void transientMaxAge() {
        CPPUNIT_ASSERT_EQUAL(0u, loadManifest(write(kGood)).transient_max_age_s);  // default: no-store
        CPPUNIT_ASSERT_EQUAL(15u,
                             loadManifest(write(std::string(kGood) + "transient_max_age_s: 15\n")).transient_max_age_s);
        for (const char* bad : {"61", "-1", "ten", "[1]"}) {
            const std::string e = errorOf(std::string(kGood) + "transient_max_age_s: " + bad + "\n");
            CPPUNIT_ASSERT_MESSAGE(
                e, e.find("m.yaml:9") != std::string::npos && e.find("transient_max_age_s") != std::string::npos);
        }
    }

    void accessLogFormat() {
        CPPUNIT_ASSERT(!loadManifest(write(kGood)).access_log_json);
        CPPUNIT_ASSERT(loadManifest(write(std::string(kGood) + "access_log_format: json\n")).access_log_json);
        CPPUNIT_ASSERT(!loadManifest(write(std::string(kGood) + "access_log_format: text\n")).access_log_json);
        std::string e = errorOf(std::string(kGood) + "access_log_format: xml\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:9: access_log_format must be text or json") != std::string::npos);
    }
    void serviceUrl() {
        // Default without accounts: https://<service.host>.
        CPPUNIT_ASSERT_EQUAL(std::string("https://ipfacts.example"), loadManifest(write(kGood)).service_url);
        std::string given = kGood;
        given.replace(0, given.find('\n'), "service: { host: ipfacts.example, url: \"http://localhost:9000/\" }");
        CPPUNIT_ASSERT_EQUAL(std::string("http://localhost:9000"), loadManifest(write(given)).service_url);
        for (const char* bad : {"ftp://x", "localhost:8080", "http://", "\"http://a b\""}) {
            std::string text = kGood;
            text.replace(0, text.find('\n'), std::string("service: { host: ipfacts.example, url: ") + bad + " }");
            const std::string e = errorOf(text);
            CPPUNIT_ASSERT_MESSAGE(bad + (": " + e), e.find("m.yaml:1: service.url must be") != std::string::npos);
        }
    }
    void loadsAndResolves() {
        auto m = loadManifest(write(kGood));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.example"), m.service_host);
        CPPUNIT_ASSERT_EQUAL(size_t(2), m.routes.size());
        CPPUNIT_ASSERT_EQUAL(std::string("unmetered"), m.routes[1].rate_class);
        CPPUNIT_ASSERT_EQUAL(std::string("1"), m.plugins[0].config.at("a.b"));
        CPPUNIT_ASSERT_EQUAL(std::string("y"), m.plugins[0].config.at("list.1"));
        CPPUNIT_ASSERT(m.plugins[0].library.rfind("/libip.so") != std::string::npos);
        CPPUNIT_ASSERT(m.state_dir.find("ipfacts-manifest-test") ==
                       std::string::npos);                        // ../var from the manifest's folder
        CPPUNIT_ASSERT_EQUAL(size_t(2), m.server.listen.size());  // 0.0.0.0:8080 and [::]:8080 by default
    }
    void errorsNameFileAndLine() {
        std::string e =
            errorOf("service: { host: x }\nroutes:\n  - { path: /ip, handler: ip.address, rate_clas: a }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:3:") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(e, e.find("unknown key 'rate_clas'") != std::string::npos);
        e = errorOf("routes: [\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:") != std::string::npos);
        e = errorOf("server: { threads: many }\nroutes: []\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:1: server.threads must be a whole number") != std::string::npos);
    }
    void refusesBadRoutes() {
        CPPUNIT_ASSERT(errorOf("routes:\n  - { path: /ip, handler: nope.address }\n").find("not in plugins") !=
                       std::string::npos);
        CPPUNIT_ASSERT(
            errorOf("plugins: { ip: {} }\nroutes:\n  - { path: ip, handler: ip.a }\n").find("must start with /") !=
            std::string::npos);
        CPPUNIT_ASSERT(errorOf("plugins: { ip: {} }\nroutes:\n  - { path: \"/a/x{id}\", handler: ip.a }\n")
                           .find("whole segment") != std::string::npos);
        CPPUNIT_ASSERT(
            errorOf("plugins: { ip: {} }\nroutes:\n  - { path: /a, handler: ip.a }\n  - { path: /a, handler: ip.a }\n")
                .find("listed twice") != std::string::npos);
        CPPUNIT_ASSERT(errorOf("plugins: { ip: {} }\nroutes:\n  - { path: /a, handler: ip.a, rate_class: gold }\n")
                           .find("rate class 'gold'") != std::string::npos);
    }
    void timeBudgetsEndBeforeTheShutdownGrace() {
        const std::string routes =
            "plugins: { ip: {} }\nroutes:\n  - { path: /a, handler: ip.a, time_budget_ms: 3000 }\n";
        auto m = loadManifest(write(routes));
        CPPUNIT_ASSERT_EQUAL(3000u, m.routes.front().time_budget_ms);
        m = loadManifest(write("plugins: { ip: {} }\nroutes:\n  - { path: /a, handler: ip.a }\n"));
        CPPUNIT_ASSERT_EQUAL(8000u, m.routes.front().time_budget_ms);  // server.time_budget_ms
        // Grace 4 s: a budget must end by 3 s.
        std::string e = errorOf("server: { shutdown_grace_s: 4, time_budget_ms: 3000 }\n" + routes);
        CPPUNIT_ASSERT_EQUAL(std::string(""), e);
        e = errorOf(
            "server: { shutdown_grace_s: 4, time_budget_ms: 2000 }\nplugins: { ip: {} }\nroutes:\n"
            "  - { path: /a, handler: ip.a, time_budget_ms: 3500 }\n");
        CPPUNIT_ASSERT_MESSAGE(
            e, e.find("m.yaml:4:") != std::string::npos && e.find("route /a time_budget_ms") != std::string::npos);
        e = errorOf("server:\n  shutdown_grace_s: 4\n" + routes);  // the default 8000 ms does not fit
        CPPUNIT_ASSERT_MESSAGE(e, e.find("server.time_budget_ms (8000 ms) must end") != std::string::npos);
        e = errorOf("server: { slow_requests_per_callr: 3 }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("slow_requests_per_callr") != std::string::npos);
    }
    void hostHandlersAndTheStatusSection() {
        std::string e = errorOf("routes:\n  - { path: /s, handler: host.stats }\n");
        CPPUNIT_ASSERT_MESSAGE(
            e, e.find("m.yaml:2:") != std::string::npos &&
                   e.find("the host has no handler 'stats' (it has: openapi, status,") != std::string::npos);
        e = errorOf("routes:\n  - { path: /s, handler: host.status }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("'status' needs a status: section") != std::string::npos);
        const std::string status = "status: { targets: [{ url: 'http://127.0.0.1:8080/ip' }] }\n";
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             errorOf(status + "routes:\n  - { path: /s, handler: host.status_page }\n"));
        e = errorOf(status + "routes:\n  - { path: /c, handler: host.status_control }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("needs status.manual_clock: true") != std::string::npos);
        auto m = loadManifest(
            write("status: { manual_clock: true }\nroutes:\n  - { path: /c, handler: host.status_control }\n"));
        CPPUNIT_ASSERT(m.status && m.status->manual_clock);
        e = errorOf("status: { interval_s: 5 }\nroutes: []\n");
        CPPUNIT_ASSERT_MESSAGE(e,
                               e.find("m.yaml:1: status.interval_s must be between 10 and 3600") != std::string::npos);
    }
    void accountHandlersAndTheAccountsSection() {
        std::string e = errorOf("routes:\n  - { path: /k, handler: host.account_request }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:2:") != std::string::npos &&
                                      e.find("'account_request' needs an accounts: section") != std::string::npos);
        const std::string accounts =
            "accounts: { link_base_url: 'https://keys.example/', mailer: smtp,"
            " smtp: { host: mail.example, port: 587, sender: keys@keys.example } }\n";
        auto m = loadManifest(write(accounts + "routes:\n  - { path: /k, handler: host.account_dashboard }\n"));
        CPPUNIT_ASSERT(m.accounts.has_value());
        // Without keys.docs_url, 401s link to the service's own key page.
        CPPUNIT_ASSERT_EQUAL(std::string("https://keys.example/api-keys"), m.key_docs_url);
        CPPUNIT_ASSERT_EQUAL(250u, m.key_refresh_ms);
        m = loadManifest(
            write(accounts + "keys: { docs_url: 'https://docs.example/keys', refresh_ms: 100 }\nroutes: []\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://docs.example/keys"), m.key_docs_url);
        CPPUNIT_ASSERT_EQUAL(100u, m.key_refresh_ms);
        e = errorOf("keys: { refresh_ms: 5000 }\nroutes: []\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("m.yaml:1: keys.refresh_ms must be between 50 and 1000") != std::string::npos);
        e = errorOf(accounts + "routes:\n  - { path: /c, handler: host.account_clock }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("needs accounts.manual_clock: true") != std::string::npos);
    }
    void listenAddresses() {
        CPPUNIT_ASSERT_EQUAL(uint16_t(8080), ListenAddress::parse("[::]:8080")->port);
        CPPUNIT_ASSERT_EQUAL(std::string("::"), ListenAddress::parse("[::]:8080")->host);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), ListenAddress::parse("localhost:80")->host);
        for (const char* bad : {"8080", "1.2.3.4:", "1.2.3.4:70000", "host:80", "[::1]8080", "::1:80"})
            CPPUNIT_ASSERT_MESSAGE(bad, !ListenAddress::parse(bad));
    }

    void storeSection() {
        auto m = loadManifest(write(std::string(kGood)));
        CPPUNIT_ASSERT_EQUAL(1000u, m.store_write_behind_ms);
        m = loadManifest(
            write(std::string(kGood) + "store: { backend: sqlite, path: x.sqlite, write_behind_ms: 250 }\n"));
        CPPUNIT_ASSERT_EQUAL(250u, m.store_write_behind_ms);
        CPPUNIT_ASSERT(m.store_path.find("x.sqlite") != std::string::npos);
        loadManifest(write(std::string(kGood) + "store: { kind: sqlite }\n"));  // the first spelling still reads
        auto e = errorOf(std::string(kGood) + "store: { backend: redis+postgres }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("needs store.postgres.conninfo") != std::string::npos);
        e = errorOf(std::string(kGood) + "store: { backend: mongodb }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("store.backend must be sqlite or redis+postgres") != std::string::npos);
        m = loadManifest(write(std::string(kGood) +
                               "store: { backend: redis+postgres, postgres: { conninfo: \"port=5\", pool: 2 } }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("redis"), m.store_counters);
        CPPUNIT_ASSERT_EQUAL(2u, m.store_postgres_pool);
        e = errorOf(std::string(kGood) +
                    "store: { backend: redis+postgres, counters: memory, postgres: { conninfo: x } }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("store.counters must be redis") != std::string::npos);
        e = errorOf(std::string(kGood) + "store: { write_behind_ms: 0 }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("store.write_behind_ms") != std::string::npos);
    }
    void redisClusterSeeds() {
        CPPUNIT_ASSERT(loadManifest(write(kGood)).store_redis_cluster.empty());  // default: one server
        auto m =
            loadManifest(write(std::string(kGood) + "store: { counters: redis, redis: { cluster: [\"10.0.0.5:7000\", "
                                                    "\"redis-b.internal:7001\", \"::1:7002\"], timeout_ms: 100 } }\n"));
        CPPUNIT_ASSERT_EQUAL(size_t(3), m.store_redis_cluster.size());
        CPPUNIT_ASSERT_EQUAL(std::string("redis-b.internal:7001"), m.store_redis_cluster[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("::1:7002"), m.store_redis_cluster[2]);
        CPPUNIT_ASSERT_EQUAL(100u, m.store_redis_timeout_ms);
        for (const char* bad :
             {"[\"10.0.0.5\"]", "[\"10.0.0.5:0\"]", "[\"10.0.0.5:65536\"]", "[\":7000\"]", "[\"10.0.0.5:70x\"]"}) {
            auto e = errorOf(std::string(kGood) + "store: { counters: redis, redis: { cluster: " + bad + " } }\n");
            CPPUNIT_ASSERT_MESSAGE(e, e.find("bad seed node") != std::string::npos);
        }
        auto e = errorOf(std::string(kGood) + "store: { counters: redis, redis: { cluster: [] } }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("store.redis.cluster must be a list of seed nodes") != std::string::npos);
        e = errorOf(std::string(kGood) + "store: { counters: redis, redis: { cluster: \"10.0.0.5:7000\" } }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("store.redis.cluster must be a list of seed nodes") != std::string::npos);
        e = errorOf(std::string(kGood) + "store: { counters: redis, redis: { port: 7000, cluster: [\"a:1\"] } }\n");
        CPPUNIT_ASSERT_MESSAGE(e, e.find("leave out store.redis.host and store.redis.port") != std::string::npos);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ManifestTest);
