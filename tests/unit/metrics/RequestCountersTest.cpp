// RequestCounters: each thread counts in its own block, a scrape sums them
// exactly; status slots, latency buckets, refusals, open connections.
#include "host/pipeline/RequestCounters.h"

#include <cppunit/extensions/HelperMacros.h>

#include <thread>
#include <vector>

using namespace ipfacts::pipeline;

class RequestCountersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RequestCountersTest);
    CPPUNIT_TEST(statusSlots);
    CPPUNIT_TEST(threadsCountApartAndSumExactly);
    CPPUNIT_TEST(oneBlockPerThread);
    CPPUNIT_TEST(latencyBucketsIncludeTheirBound);
    CPPUNIT_TEST(refusalsAndConnections);
    CPPUNIT_TEST(twoCountersOnOneThreadStayApart);
    CPPUNIT_TEST_SUITE_END();

public:
    void statusSlots() {
        CPPUNIT_ASSERT_EQUAL(std::string_view("200"), statusLabel(statusSlot(200)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("429"), statusLabel(statusSlot(429)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("503"), statusLabel(statusSlot(503)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("4xx"), statusLabel(statusSlot(418)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("2xx"), statusLabel(statusSlot(206)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("1xx"), statusLabel(statusSlot(101)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("5xx"), statusLabel(statusSlot(599)));
        CPPUNIT_ASSERT_EQUAL(std::string_view("5xx"),
                             statusLabel(statusSlot(0)));  // never answered: counted as a failure
        CPPUNIT_ASSERT_EQUAL(std::string_view("5xx"), statusLabel(statusSlot(1000)));
    }

    void threadsCountApartAndSumExactly() {
        RequestCounters c(3);
        constexpr int kThreads = 4, kEach = 20000;
        std::vector<std::thread> ts;
        for (int t = 0; t < kThreads; ++t)
            ts.emplace_back([&c, t] {
                for (int i = 0; i < kEach; ++i) c.local().request(size_t(t % 3), i % 2 ? 200 : 404, 100);
            });
        for (auto& t : ts) t.join();
        RequestTotals sum = c.totals();
        uint64_t all = 0;
        for (uint64_t n : sum.requests) all += n;
        CPPUNIT_ASSERT_EQUAL(uint64_t(kThreads) * kEach, all);
        // Threads 0 and 3 counted route 0: half 200, half 404.
        CPPUNIT_ASSERT_EQUAL(uint64_t(kEach), sum.requests[0 * kStatusSlots + statusSlot(200)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(kEach), sum.requests[0 * kStatusSlots + statusSlot(404)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(kEach / 2), sum.requests[1 * kStatusSlots + statusSlot(200)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(kEach) * 2 * 100, sum.latency_us[0]);
    }

    void oneBlockPerThread() {
        RequestCounters c(1);
        ThreadCounters* mine = &c.local();
        CPPUNIT_ASSERT(mine == &c.local());  // the same block every time
        ThreadCounters* other = nullptr;
        std::thread([&] { other = &c.local(); }).join();
        CPPUNIT_ASSERT(other != mine);
    }

    void latencyBucketsIncludeTheirBound() {
        RequestCounters c(1);
        c.local().request(0, 200, 500);       // le 0.0005
        c.local().request(0, 200, 501);       // le 0.001
        c.local().request(0, 200, 0);         // le 0.0005
        c.local().request(0, 200, 10000000);  // le 10
        c.local().request(0, 200, 10000001);  // +Inf
        RequestTotals t = c.totals();
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), t.latency[0]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.latency[1]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.latency[kLatencyBuckets - 2]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.latency[kLatencyBuckets - 1]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(20001002), t.latency_us[0]);
    }

    void refusalsAndConnections() {
        RequestCounters c(1);
        c.local().refusal(Refusal::Overloaded);
        c.local().refusal(Refusal::Overloaded);
        c.local().refusal(Refusal::TooManyConnections);
        c.local().connectionOpened();
        c.local().connectionOpened();
        std::thread([&] {
            c.local().connectionOpened();
            c.local().refusal(Refusal::RateLimited);
        }).join();
        c.local().connectionClosed();
        RequestTotals t = c.totals();
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), t.refusals[size_t(Refusal::Overloaded)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.refusals[size_t(Refusal::TooManyConnections)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.refusals[size_t(Refusal::RateLimited)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), t.refusals[size_t(Refusal::ChallengeRequired)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), t.open_connections);
        CPPUNIT_ASSERT_EQUAL(std::string_view("too_many_concurrent"), refusalToken(Refusal::TooManyConcurrent));
    }

    void twoCountersOnOneThreadStayApart() {
        RequestCounters a(1), b(1);
        a.local().request(0, 200, 1);
        b.local().request(0, 200, 1);
        a.local().request(0, 200, 1);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), a.totals().requests[statusSlot(200)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), b.totals().requests[statusSlot(200)]);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RequestCountersTest);
