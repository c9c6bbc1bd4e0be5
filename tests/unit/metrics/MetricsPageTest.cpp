// MetricsPage: each part of /metrics read from its source — route labels
// from the templates, cumulative histograms, upstream outcomes as the status
// page counts them, caches, the facilities' own families, build info.
#include "host/metrics/MetricsPage.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

using namespace ipfacts::metrics;
using namespace ipfacts::pipeline;

namespace {

bool has(const std::string& text, const std::string& line) { return text.find(line + "\n") != std::string::npos; }

size_t count(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

MetricsSources baseSources(const RequestCounters& c) {
    MetricsSources s;
    s.requests = &c;
    s.routes = {"/ip", "/api/v1/reverse/{ip}", std::string(kUnmatchedRoute)};
    s.version = "1.0.0";
    s.abi = "1.5";
    s.start_unix = 1700000000;
    return s;
}

}  // namespace

class MetricsPageTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MetricsPageTest);
    CPPUNIT_TEST(requestsByRouteTemplateAndCode);
    CPPUNIT_TEST(histogramIsCumulative);
    CPPUNIT_TEST(upstreamsCachesWorkers);
    CPPUNIT_TEST(facilityFamilies);
    CPPUNIT_TEST(everyFamilyHasHelpAndType);
    CPPUNIT_TEST_SUITE_END();

public:
    void requestsByRouteTemplateAndCode() {
        RequestCounters c(3);
        c.local().request(1, 200, 10);
        c.local().request(1, 200, 10);
        c.local().request(2, 404, 10);
        c.local().refusal(Refusal::ChallengeRequired);
        const std::string t = renderMetrics(baseSources(c), 0);
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_http_requests_total{route=\"/api/v1/reverse/{ip}\",code=\"200\"} 2"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_http_requests_total{route=\"(unmatched)\",code=\"404\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(t, t.find("route=\"/ip\",code") == std::string::npos);  // never asked: no series
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_http_refusals_total{error=\"challenge_required\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_http_refusals_total{error=\"overloaded\"} 0"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_build_info{version=\"1.0.0\",abi=\"1.5\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_start_time_seconds 1700000000"));
    }

    void histogramIsCumulative() {
        RequestCounters c(3);
        c.local().request(0, 200, 400);       // 0.0005
        c.local().request(0, 200, 3000);      // 0.005
        c.local().request(0, 503, 20000000);  // +Inf
        const std::string t = renderMetrics(baseSources(c), 0);
        const std::string b = "ipfacts_http_request_duration_seconds_bucket{route=\"/ip\",le=";
        CPPUNIT_ASSERT_MESSAGE(t, has(t, b + "\"0.0005\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, b + "\"0.0025\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, b + "\"0.005\"} 2"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, b + "\"10\"} 2"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, b + "\"+Inf\"} 3"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_http_request_duration_seconds_count{route=\"/ip\"} 3"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_http_request_duration_seconds_sum{route=\"/ip\"} 20.0034"));
    }

    void upstreamsCachesWorkers() {
        RequestCounters c(3);
        MetricsSources s = baseSources(c);
        auto outcomes = std::make_shared<ipfacts::facilities::UpstreamOutcomes>();
        outcomes->record("doh", "quad9", "");
        outcomes->record("doh", "quad9", "timed out");
        outcomes->record("doh", "quad9", "");
        outcomes->record("http", "rdap \"iana\"", "");
        s.outcomes = outcomes;
        s.response_cache = [] {
            ipfacts::cache::CacheStats st;
            st.hits = 7, st.misses = 3, st.entries = 2;
            return st;
        };
        s.worker_fibers = [] { return size_t(5); };
        s.worker_fibers_max = 4096;
        const std::string t = renderMetrics(s, 0);
        CPPUNIT_ASSERT_MESSAGE(
            t, has(t, "ipfacts_upstream_requests_total{facility=\"doh\",upstream=\"quad9\",outcome=\"ok\"} 2"));
        CPPUNIT_ASSERT_MESSAGE(
            t, has(t, "ipfacts_upstream_requests_total{facility=\"doh\",upstream=\"quad9\",outcome=\"failed\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(
            t,
            has(t,
                "ipfacts_upstream_requests_total{facility=\"http\",upstream=\"rdap \\\"iana\\\"\",outcome=\"ok\"} 1"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_cache_hits_total{cache=\"response\"} 7"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_cache_misses_total{cache=\"response\"} 3"));
        CPPUNIT_ASSERT_MESSAGE(t, t.find("cache=\"plugins\"") == std::string::npos);  // no cache facility
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_worker_queue_depth 5"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_worker_queue_capacity 4096"));
    }

    // Facility families (Facility::metrics): one the page shows too gets its
    // samples after the page's own; the others follow with their HELP and TYPE.
    void facilityFamilies() {
        RequestCounters c(3);
        MetricsSources s = baseSources(c);
        s.response_cache = [] { return ipfacts::cache::CacheStats{}; };
        s.facilities = [](int64_t now) {
            using ipfacts::facilities::MetricFamily;
            return std::vector<MetricFamily>{{"ipfacts_cache_hits_total", "", "", {{{{"cache", "plugins"}}, 7}}},
                                             {"ipfacts_data_loaded_age_seconds",
                                              "gauge",
                                              "Seconds since the data was loaded.",
                                              {{{}, double(now - 4000)}}}};
        };
        const std::string t = renderMetrics(s, 5000);
        const std::string hits =
            "ipfacts_cache_hits_total{cache=\"response\"} 0\nipfacts_cache_hits_total{cache=\"plugins\"} 7\n";
        CPPUNIT_ASSERT_MESSAGE(t, t.find(hits) != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(size_t(1), count(t, "# TYPE ipfacts_cache_hits_total counter"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "# TYPE ipfacts_data_loaded_age_seconds gauge"));
        CPPUNIT_ASSERT_MESSAGE(t, has(t, "ipfacts_data_loaded_age_seconds 1000"));
    }

    void everyFamilyHasHelpAndType() {
        RequestCounters c(3);
        c.local().request(0, 200, 1);
        MetricsSources s = baseSources(c);
        s.outcomes = std::make_shared<ipfacts::facilities::UpstreamOutcomes>();
        s.response_cache = [] { return ipfacts::cache::CacheStats{}; };
        const std::string t = renderMetrics(s, 0);
        size_t help = 0, type = 0, at = 0;
        while ((at = t.find("# HELP ", at)) != std::string::npos) ++help, ++at;
        at = 0;
        while ((at = t.find("# TYPE ", at)) != std::string::npos) ++type, ++at;
        CPPUNIT_ASSERT(help >= 10);
        CPPUNIT_ASSERT_EQUAL(help, type);
        // Every sample's name starts with the prefix.
        std::istringstream in(t);
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] != '#') CPPUNIT_ASSERT_MESSAGE(line, line.rfind("ipfacts_", 0) == 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MetricsPageTest);
