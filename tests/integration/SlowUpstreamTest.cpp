// Requests that wait on an upstream hold no thread (issue 9 §4): a thousand
// lookups stuck on a resolver that never answers leave an address lookup,
// which needs no network, answered at once; one caller cannot hold more than
// its share of waiting requests. Each test starts a daemon of its own.
#include "tests/integration/support/DaemonProbes.h"
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <poll.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

using namespace ipfacts::testing;
using Clock = std::chrono::steady_clock;

namespace {

/// The suite's manifest with the stub resolver silent for `timeout_ms`.
void silentResolver(std::string& m, int port, int timeout_ms) {
    resolverOnly(m, port);
    replace(m, "timeout_ms: 1000\n  attempts: 2", "timeout_ms: " + std::to_string(timeout_ms) + "\n  attempts: 1");
}

/// Bounded wait until `p` holds.
template <typename Pred>
bool eventually(Pred p, std::chrono::seconds limit = std::chrono::seconds(60)) {
    const auto until = Clock::now() + limit;
    while (!p()) {
        if (Clock::now() > until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

bool readable(int fd) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

}  // namespace

class SlowUpstreamTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SlowUpstreamTest);
    CPPUNIT_TEST(aThousandStuckLookupsLeaveAddressLookupsFree);
    CPPUNIT_TEST(oneCallerHoldsAtMostItsShareOfSlowRequests);
    CPPUNIT_TEST(aRequestQueuedPastItsBudgetIs503);
    CPPUNIT_TEST_SUITE_END();

public:
    void aThousandStuckLookupsLeaveAddressLookupsFree() {
        constexpr int kStuck = 1000;
        BlackHoleResolver hole;
        Service s(
            "blackhole",
            [&](std::string& m) {
                silentResolver(m, hole.port, 5000);
                replace(m, "queue: 64", "queue: 4000\n  slow_requests_per_caller: 2000");
                replace(m, "max_connections_per_address: 64", "max_connections_per_address: 5000");
            },
            8192);
        s.start();
        HttpClient warm("127.0.0.1", s.port());
        CPPUNIT_ASSERT_EQUAL(200, warm.get("/api/v1/lookup/8.8.4.4").status);
        const long rss_before = rssBytes(s.pid());

        std::vector<std::unique_ptr<HttpClient>> stuck;
        for (int i = 0; i < kStuck; ++i) {
            stuck.push_back(std::make_unique<HttpClient>("127.0.0.1", s.port()));
            stuck.back()->sendRaw("GET /api/v1/lookup/n" + std::to_string(i) +
                                  ".blackhole.example HTTP/1.1\r\nHost: a\r\n\r\n");
        }
        // Each lookup asks A and AAAA, each on a socket of its own: once the
        // silent resolver has every question, all of them are waiting at once.
        CPPUNIT_ASSERT_MESSAGE("questions: " + std::to_string(hole.received()),
                               eventually([&] { return hole.received() >= 2 * kStuck; }));
        const long rss_peak = rssBytes(s.pid());

        HttpClient fresh("127.0.0.1", s.port());
        const auto t0 = Clock::now();
        auto r = fresh.get("/api/v1/lookup/8.8.8.8");
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        int answered_meanwhile = 0;
        for (auto& c : stuck) answered_meanwhile += readable(c->fd());
        std::printf(
            "\n  %d lookups stuck on a silent resolver: /api/v1/lookup/8.8.8.8 in %.1f ms; "
            "resident memory %+.1f MB (%.1f -> %.1f MB)\n",
            kStuck, ms, double(rss_peak - rss_before) / 1e6, double(rss_before) / 1e6, double(rss_peak) / 1e6);
        CPPUNIT_ASSERT_EQUAL_MESSAGE("stuck lookups answered before the address lookup", 0, answered_meanwhile);
        CPPUNIT_ASSERT_MESSAGE("resident memory grew by " + std::to_string(rss_peak - rss_before),
                               rss_peak - rss_before < 50L * 1000 * 1000);

        // Every stuck lookup gets its own answer once the resolver's time is up.
        int with_answer = 0;
        for (auto& c : stuck) {
            auto reply = c->read(false, std::chrono::seconds(30));
            if (reply && reply->status != 500 && !reply->body.empty()) ++with_answer;
        }
        CPPUNIT_ASSERT_EQUAL(kStuck, with_answer);
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }

    void oneCallerHoldsAtMostItsShareOfSlowRequests() {
        BlackHoleResolver hole;
        Service s("slowcap", [&](std::string& m) {
            silentResolver(m, hole.port, 3000);
            replace(m, "queue: 64", "queue: 64\n  slow_requests_per_caller: 4");
        });
        s.start();
        std::vector<std::unique_ptr<HttpClient>> clients;
        for (int i = 0; i < 6; ++i) {
            clients.push_back(std::make_unique<HttpClient>("127.0.0.1", s.port()));
            clients.back()->sendRaw("GET /api/v1/lookup/cap" + std::to_string(i) +
                                    ".blackhole.example HTTP/1.1\r\nHost: a\r\n\r\n");
        }
        int refused = 0;
        for (auto& c : clients) {
            auto r = c->read(false, std::chrono::seconds(20));
            CPPUNIT_ASSERT(r.has_value());
            if (r->status != 429) continue;
            ++refused;
            CPPUNIT_ASSERT_EQUAL(std::string("too_many_concurrent"),
                                 parseJson(r->body)->getValue<std::string>("error"));
            CPPUNIT_ASSERT(r->header("Retry-After").has_value());
        }
        CPPUNIT_ASSERT_EQUAL(2, refused);
        // Once its waiting requests are answered, the caller's share is free again.
        HttpClient again("127.0.0.1", s.port());
        CPPUNIT_ASSERT_EQUAL(200, again.get("/api/v1/lookup/8.8.8.8").status);
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }

    // One worker thread kept busy by CPU work (no upstream to park on): a
    // request queued behind it is answered 503 overloaded once its route's
    // 1 s budget is over, long before the worker is free again.
    void aRequestQueuedPastItsBudgetIs503() {
        Service s("queued", [](std::string& m) { replace(m, "workers: 4", "workers: 1"); });
        s.start();
        HttpClient busy("127.0.0.1", s.port()), queued("127.0.0.1", s.port());
        const double cpu0 = cpuSeconds(s.pid());
        busy.sendRaw("GET /test/busy?ms=6000 HTTP/1.1\r\nHost: a\r\n\r\n");
        // The daemon idles at no CPU: once it has used 0.3 s, the spin runs.
        CPPUNIT_ASSERT(eventually([&] { return cpuSeconds(s.pid()) - cpu0 >= 0.3; }));
        queued.sendRaw("GET /test/busy?ms=0 HTTP/1.1\r\nHost: a\r\n\r\n");
        auto r = queued.read(false, std::chrono::seconds(20));
        CPPUNIT_ASSERT(r.has_value());
        CPPUNIT_ASSERT_EQUAL(503, r->status);
        CPPUNIT_ASSERT_EQUAL(std::string("overloaded"), parseJson(r->body)->getValue<std::string>("error"));
        CPPUNIT_ASSERT(r->header("Retry-After").has_value());
        CPPUNIT_ASSERT_MESSAGE("the busy request was answered first", !readable(busy.fd()));
        auto first = busy.read(false, std::chrono::seconds(20));
        CPPUNIT_ASSERT(first.has_value());
        CPPUNIT_ASSERT_EQUAL(200, first->status);
        // The worker is free again: the same request now runs (on a new
        // connection: the suite's keep-alive time-out closed the idle one).
        HttpClient again("127.0.0.1", s.port());
        CPPUNIT_ASSERT_EQUAL(200, again.get("/test/busy?ms=0").status);
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SlowUpstreamTest);
