// /metrics: served on the manifest's metrics listener only (404 on the public
// port), parsed with the Prometheus project's own text parser (Debian's
// python3-prometheus-client, tests/metrics/parse.py), and its counters moving
// by exactly the requests this test sent. A daemon of its own, so nothing
// else counts in between.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <ipfacts/plugin.h>

#include <cppunit/extensions/HelperMacros.h>

#include <ctime>
#include <fstream>

using namespace ipfacts::testing;

namespace {

/// One scrape, parsed: series as parse.py names them ("name{label=value,...}", labels sorted).
struct Scrape {
    Poco::JSON::Object::Ptr types;
    Poco::JSON::Object::Ptr series;

    bool has(const std::string& key) const { return series->has(key); }
    double value(const std::string& key) const {
        if (!series->has(key)) CPPUNIT_FAIL("no series " + key);
        return series->getValue<double>(key);
    }
    /// 0 for a series not shown yet (a route never asked has none).
    double valueOr0(const std::string& key) const { return series->has(key) ? series->getValue<double>(key) : 0; }
    /// The sum of every series whose key starts with `prefix`.
    double sum(const std::string& prefix) const {
        double total = 0;
        for (const auto& [k, v] : *series)
            if (k.rfind(prefix, 0) == 0) total += v.convert<double>();
        return total;
    }
};

class MetricsDaemon {
public:
    MetricsDaemon()
        : service_("metrics", [this](std::string& m) {
              // Chosen anew on every start attempt (Service retries when a port was taken).
              port_ = freeLoopbackPort();
              m += "\nmetrics:\n  listen: [\"127.0.0.1:" + std::to_string(port_) + "\"]\n";
          }) {
        service_.start();
    }
    ~MetricsDaemon() { service_.stop(); }

    Service& service() { return service_; }
    int port() const { return port_; }

    /// GET `target` on the metrics listener (a new connection: it closes after each answer).
    HttpReply raw(const std::string& target) {
        HttpClient c("127.0.0.1", port_);
        return c.get(target);
    }

    Scrape scrape() {
        HttpReply r = raw("/metrics");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("text/plain; version=0.0.4; charset=utf-8"), *r.header("Content-Type"));
        const std::string file = service_.stateDir() + "/scrape.txt";
        std::ofstream(file) << r.body;
        const auto parsed = runCommandStatus("/usr/bin/python3 " + Service::sourceDir() + "/tests/metrics/parse.py < " +
                                             file + " 2>&1");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(parsed.output + "\n" + r.body, 0, parsed.code);
        auto json = parseJson(parsed.output);
        return {json->getObject("types"), json->getObject("series")};
    }

private:
    int port_ = 0;
    Service service_;
};

const std::string kRequests = "ipfacts_http_requests_total";

}  // namespace

class MetricsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MetricsTest);
    CPPUNIT_TEST(scrapeParsesAndCountersMoveByWhatWasSent);
    CPPUNIT_TEST_SUITE_END();

public:
    void scrapeParsesAndCountersMoveByWhatWasSent() {
        const int64_t started = std::time(nullptr);
        MetricsDaemon d;
        Service& s = d.service();
        awayFromMinuteEdge();  // the 429s below count within one quota minute

        Scrape before = d.scrape();
        // Families and their types.
        for (const auto& [name, type] :
             std::vector<std::pair<std::string, std::string>>{{"ipfacts_build_info", "gauge"},
                                                              {"ipfacts_start_time_seconds", "gauge"},
                                                              {kRequests, "counter"},
                                                              {"ipfacts_http_request_duration_seconds", "histogram"},
                                                              {"ipfacts_http_refusals_total", "counter"},
                                                              {"ipfacts_ratelimit_unavailable_total", "counter"},
                                                              {"ipfacts_open_connections", "gauge"},
                                                              {"ipfacts_worker_queue_depth", "gauge"},
                                                              {"ipfacts_worker_queue_capacity", "gauge"},
                                                              {"ipfacts_upstream_requests_total", "counter"},
                                                              {"ipfacts_cache_hits_total", "counter"},
                                                              {"ipfacts_cache_misses_total", "counter"},
                                                              {"ipfacts_data_file_age_seconds", "gauge"},
                                                              {"ipfacts_data_loaded_age_seconds", "gauge"}})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, type, before.types->getValue<std::string>(name));
        // The ABI the daemon was built with: this suite is built from the same plugin.h.
        const std::string abi = std::to_string(IPF_ABI_MAJOR) + "." + std::to_string(IPF_ABI_MINOR);
        CPPUNIT_ASSERT_EQUAL(1.0, before.value("ipfacts_build_info{abi=" + abi + ",version=1.0.0}"));
        const double start = before.value("ipfacts_start_time_seconds{}");
        CPPUNIT_ASSERT(start >= double(started) && start <= double(std::time(nullptr)));
        CPPUNIT_ASSERT(before.value("ipfacts_data_loaded_age_seconds{}") >= 0);
        CPPUNIT_ASSERT_MESSAGE("a city mmdb's age", before.sum("ipfacts_data_file_age_seconds{file=") > 0);
        CPPUNIT_ASSERT_EQUAL(0.0, before.value("ipfacts_worker_queue_depth{}"));

        // What this test sends: on one kept-alive connection.
        HttpClient c("127.0.0.1", s.port());
        int limited_ok = 0, limited_429 = 0;
        for (int i = 0; i < 5; ++i) {  // class tiny: 3 a minute
            int st = c.get("/limited/ip").status;
            limited_ok += st == 200;
            limited_429 += st == 429;
        }
        CPPUNIT_ASSERT_EQUAL(3, limited_ok);
        CPPUNIT_ASSERT_EQUAL(2, limited_429);
        CPPUNIT_ASSERT_EQUAL(404, c.get("/no/such/path/1").status);
        CPPUNIT_ASSERT_EQUAL(404, c.get("/no/such/path/2").status);
        CPPUNIT_ASSERT_EQUAL(404, c.get("/metrics").status);        // never on a public listener
        CPPUNIT_ASSERT_EQUAL(200, c.get("/example/hello").status);  // public max-age: the response cache misses...
        CPPUNIT_ASSERT_EQUAL(200, c.get("/example/hello").status);  // ...then answers
        CPPUNIT_ASSERT_EQUAL(200, c.get("/api/v1/reverse/192.0.2.10").status);
        CPPUNIT_ASSERT_EQUAL(200, c.get("/api/v1/dns?name=www.example.test").status);

        // The metrics listener answers GET /metrics only, and is not in the access log.
        CPPUNIT_ASSERT_EQUAL(404, d.raw("/ip").status);
        CPPUNIT_ASSERT_EQUAL(404, d.raw("/").status);
        CPPUNIT_ASSERT_EQUAL(200, d.raw("/metrics?scrape-marker").status);

        Scrape after = d.scrape();
        auto delta = [&](const std::string& key) { return after.valueOr0(key) - before.valueOr0(key); };
        CPPUNIT_ASSERT_EQUAL(3.0, delta(kRequests + "{code=200,route=/limited/ip}"));
        CPPUNIT_ASSERT_EQUAL(2.0, delta(kRequests + "{code=429,route=/limited/ip}"));
        // Unmatched paths are one label, never the raw path.
        CPPUNIT_ASSERT_EQUAL(3.0, delta(kRequests + "{code=404,route=(unmatched)}"));
        CPPUNIT_ASSERT_EQUAL(2.0, delta(kRequests + "{code=200,route=/example/hello}"));
        // A template route is labelled by its template.
        CPPUNIT_ASSERT_EQUAL(1.0, delta(kRequests + "{code=200,route=/api/v1/reverse/{ip}}"));
        CPPUNIT_ASSERT(!after.has(kRequests + "{code=200,route=/api/v1/reverse/192.0.2.10}"));
        CPPUNIT_ASSERT_EQUAL(1.0, delta(kRequests + "{code=200,route=/api/v1/dns}"));
        // Every request the test sent, and nothing else (the scrapes are not requests).
        CPPUNIT_ASSERT_EQUAL(12.0, after.sum(kRequests + "{") - before.sum(kRequests + "{"));
        CPPUNIT_ASSERT_EQUAL(5.0, delta("ipfacts_http_request_duration_seconds_count{route=/limited/ip}"));
        CPPUNIT_ASSERT_EQUAL(5.0, delta("ipfacts_http_request_duration_seconds_bucket{le=+Inf,route=/limited/ip}"));
        CPPUNIT_ASSERT(delta("ipfacts_http_request_duration_seconds_sum{route=/limited/ip}") > 0);
        CPPUNIT_ASSERT_EQUAL(2.0, delta("ipfacts_http_refusals_total{error=rate_limited}"));
        CPPUNIT_ASSERT_EQUAL(0.0, delta("ipfacts_http_refusals_total{error=overloaded}"));
        CPPUNIT_ASSERT_EQUAL(1.0, delta("ipfacts_cache_hits_total{cache=response}"));
        CPPUNIT_ASSERT_EQUAL(3.0, delta("ipfacts_cache_misses_total{cache=response}"));  // hello, reverse, dns
        // The DNS answer came through the configured upstreams, as the status page counts them.
        CPPUNIT_ASSERT(after.sum("ipfacts_upstream_requests_total{facility=") >
                       before.sum("ipfacts_upstream_requests_total{facility="));
        CPPUNIT_ASSERT(after.value("ipfacts_open_connections{}") >= 1);  // `c` is still open

        // Nothing moves between two scrapes with no request in between.
        Scrape again = d.scrape();
        CPPUNIT_ASSERT_EQUAL(after.sum(kRequests + "{"), again.sum(kRequests + "{"));

        const std::string log = s.accessLogThrough(c, "/limited/ip?after-scrapes");
        CPPUNIT_ASSERT_MESSAGE(log, log.find("/no/such/path/1") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(log, log.find("scrape-marker") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MetricsTest);
