// Rate classes, quota headers, keys (Bearer and key=), 401 and 429.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <thread>

using namespace ipfacts::testing;

namespace {

std::string errorOf(const HttpReply& r) { return parseJson(r.body)->getValue<std::string>("error"); }

}  // namespace

class QuotaTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(QuotaTest);
    CPPUNIT_TEST(meteredRouteCarriesQuotaHeaders);
    CPPUNIT_TEST(unmeteredRouteSaysSo);
    CPPUNIT_TEST(minuteQuotaGives429WithRetryAfter);
    CPPUNIT_TEST(windowsEndWhenTheServiceClockMoves);
    CPPUNIT_TEST(theStatusProbesOfThisNodeSpendNoQuota);
    CPPUNIT_TEST(keyRaisesTheQuota);
    CPPUNIT_TEST(keyInQueryWorksAndIsNeverLogged);
    CPPUNIT_TEST(unknownKeyIs401WithDocsLink);
    CPPUNIT_TEST(revokedKeyIs401AtOnce);
    CPPUNIT_TEST(dailyChallengeAfterThreshold);
    CPPUNIT_TEST(keyNeverReachesPlugins);
    CPPUNIT_TEST(keyedAnswerNamesBothWindows);
    CPPUNIT_TEST(everyAnswerSaysWhichQuotaCountedIt);
    CPPUNIT_TEST(browserAppMaySendTheChallengeSolution);
    CPPUNIT_TEST_SUITE_END();

public:
    void meteredRouteCarriesQuotaHeaders() {
        const std::time_t asked_at = std::time(nullptr);
        auto r = get("/api/v1/headers");
        CPPUNIT_ASSERT(r.header("X-RateLimit-Limit").has_value());
        CPPUNIT_ASSERT(r.header("X-RateLimit-Reset").has_value());
        CPPUNIT_ASSERT(std::stoll(*r.header("X-RateLimit-Reset")) > asked_at);
        CPPUNIT_ASSERT_EQUAL(std::string("address:anonymous"), *r.header("X-RateLimit-Policy"));
    }

    void unmeteredRouteSaysSo() {
        auto r = get("/api/openapi.json");
        CPPUNIT_ASSERT_EQUAL(std::string("unmetered"), *r.header("X-RateLimit-Policy"));
        CPPUNIT_ASSERT(!r.header("X-RateLimit-Limit").has_value());
    }

    void minuteQuotaGives429WithRetryAfter() {
        awayFromMinuteEdge();
        // 127.0.0.5 is this test's own address, so other tests do not share its counter.
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.5");
        for (int i = 0; i < 3; ++i) {
            auto r = c.get("/limited/ip");
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("3"), *r.header("X-RateLimit-Limit"));
            // The minute window is the one reported, so Remaining is omitted.
            CPPUNIT_ASSERT(!r.header("X-RateLimit-Remaining").has_value());
        }
        auto denied = c.get("/limited/ip");
        CPPUNIT_ASSERT_EQUAL(429, denied.status);
        CPPUNIT_ASSERT_EQUAL(std::string("rate_limited"), errorOf(denied));
        int retry = std::stoi(*denied.header("Retry-After"));
        CPPUNIT_ASSERT(retry >= 1 && retry <= 60);
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *denied.header("Access-Control-Allow-Origin"));
        CPPUNIT_ASSERT_EQUAL(429, c.get("/limited/ip").status);  // retrying sooner stays blocked
        // Another rate class counts separately.
        CPPUNIT_ASSERT_EQUAL(200, c.get("/ip").status);
    }

    /// The minute and the UTC day end by the service clock (host/ratelimit/ServiceClock), which
    /// a daemon with accounts.manual_clock lets the test move: no waiting for a real edge.
    void windowsEndWhenTheServiceClockMoves() {
        Service node("quota-clock");  // its own clock: moving it leaves the shared daemon's alone
        node.start();
        HttpClient c("127.0.0.1", node.port(), false, "127.0.0.8");
        auto advance = [&c](int64_t s) {
            return parseJson(c.get("/test/account/clock?advance_s=" + std::to_string(s)).body)
                ->getValue<int64_t>("now");
        };
        // To the first second of a UTC day (and so of a minute): the test's own seconds cross
        // no edge but the ones it moves the clock over.
        const int64_t now = advance(0);
        advance(86400 - now % 86400);
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT_EQUAL(200, c.get("/limited/ip").status);
        auto denied = c.get("/limited/ip");
        CPPUNIT_ASSERT_EQUAL(429, denied.status);
        const int retry = std::stoi(*denied.header("Retry-After"));
        CPPUNIT_ASSERT(retry >= 50 && retry <= 60);
        advance(retry - 1);
        CPPUNIT_ASSERT_EQUAL(429, c.get("/limited/ip").status);  // a second early: still this minute
        advance(1);
        CPPUNIT_ASSERT_EQUAL(200, c.get("/limited/ip").status);  // the next minute
        // The day: two answers, then the challenge; the next UTC day starts afresh.
        CPPUNIT_ASSERT_EQUAL(200, c.get("/daily/ip").status);
        CPPUNIT_ASSERT_EQUAL(200, c.get("/daily/ip").status);
        auto challenged = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(std::string("challenge_required"), errorOf(challenged));
        const int64_t reset = std::stoll(*challenged.header("X-RateLimit-Reset"));
        const int64_t today_end = advance(0) / 86400 * 86400 + 86400;
        CPPUNIT_ASSERT_EQUAL(today_end, reset);
        advance(today_end - advance(0));
        auto next_day = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(200, next_day.status);
        CPPUNIT_ASSERT_EQUAL(std::string("1"), *next_day.header("X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(0, node.stop());
    }

    /// The prober's requests to this node carry the daemon's self-probe token and are not
    /// counted: a probe a minute from 127.0.0.1 must not spend the quota of someone trying
    /// the service from the same machine. A forged token is counted like any request.
    void theStatusProbesOfThisNodeSpendNoQuota() {
        Service node("quota-probe", [](std::string& text) {
            const std::string self = "/ip\", label: \"Self (/ip)\"";
            text.replace(text.find(self), self.size(), "/limited/ip\", label: \"Self (/ip)\"");
        });
        node.start();
        HttpClient c("127.0.0.1", node.port());  // from 127.0.0.1, as the prober
        const int64_t now = parseJson(c.get("/test/account/clock").body)->getValue<int64_t>("now");
        c.get("/test/account/clock?advance_s=" + std::to_string(60 - now % 60));  // a minute's first second
        for (int round = 0; round < 4; ++round) {  // more probes than /limited/ip's 3 a minute
            auto r = c.get("/test/status/control?probe=1");
            auto self = parseJson(r.body)->getArray("samples")->getObject(0);
            CPPUNIT_ASSERT_EQUAL(200, self->getValue<int>("http_status"));
        }
        auto forged = c.get("/limited/ip", {"X-Ipfacts-Self-Probe: 00000000000000000000000000000000"});
        CPPUNIT_ASSERT_EQUAL(200, forged.status);
        CPPUNIT_ASSERT_EQUAL(std::string("tiny:anonymous"), *forged.header("X-RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(200, c.get("/limited/ip").status);
        CPPUNIT_ASSERT_EQUAL(200, c.get("/limited/ip").status);
        CPPUNIT_ASSERT_EQUAL(429, c.get("/limited/ip").status);
        CPPUNIT_ASSERT_EQUAL(0, node.stop());
    }

    void keyRaisesTheQuota() {
        awayFromMinuteEdge();
        std::string key = Service::instance().issueKey("quota-test");
        CPPUNIT_ASSERT(key.rfind("ipf_", 0) == 0);
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.6");
        for (int i = 0; i < 5; ++i) {
            auto r = c.get("/limited/ip", {"Authorization: Bearer " + key});
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("5"), *r.header("X-RateLimit-Limit"));
            CPPUNIT_ASSERT_EQUAL(std::string("tiny:key"), *r.header("X-RateLimit-Policy"));
        }
        CPPUNIT_ASSERT_EQUAL(429, c.get("/limited/ip", {"Authorization: Bearer " + key}).status);
    }

    void keyInQueryWorksAndIsNeverLogged() {
        std::string key = Service::instance().issueKey("query-test");
        HttpClient c("127.0.0.1", Service::instance().port());
        auto r = c.get("/ip?key=" + key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("address:key"), *r.header("X-RateLimit-Policy"));
        c.get("/ip?key=ipf_notarealkey0000000000000000000");
        std::string log = Service::instance().accessLogThrough(c, "/ip?_=key-in-query") + Service::instance().log();
        CPPUNIT_ASSERT(log.find("key=[redacted]") != std::string::npos);
        CPPUNIT_ASSERT(log.find(key) == std::string::npos);
        CPPUNIT_ASSERT(log.find("ipf_notarealkey") == std::string::npos);
        // The store keeps only the hash.
        std::string db = runCommand("cat " + Service::instance().stateDir() + "/ipfacts.sqlite* 2>/dev/null || true");
        CPPUNIT_ASSERT(db.find(key) == std::string::npos);
    }

    void unknownKeyIs401WithDocsLink() {
        auto r = get("/ip", {"Authorization: Bearer ipf_unknownunknownunknownunknown00"});
        CPPUNIT_ASSERT_EQUAL(401, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_key"), errorOf(r));
        CPPUNIT_ASSERT(parseJson(r.body)->getValue<std::string>("message").find("https://ipfacts.test/docs/api-keys") !=
                       std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *r.header("Access-Control-Allow-Origin"));
    }

    void revokedKeyIs401AtOnce() {
        std::string key = Service::instance().issueKey("revoke-test");
        CPPUNIT_ASSERT_EQUAL(200, get("/ip", {"Authorization: Bearer " + key}).status);
        CPPUNIT_ASSERT(Service::instance().revokeKey(key));
        CPPUNIT_ASSERT_EQUAL(401, get("/ip", {"Authorization: Bearer " + key}).status);
        CPPUNIT_ASSERT(!Service::instance().revokeKey(key));  // already revoked
    }

    void dailyChallengeAfterThreshold() {
        awayFromDayEdge();
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.7");
        auto first = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(200, first.status);
        // The daily window (threshold 2) is the one closest to exhaustion: Remaining is shown.
        CPPUNIT_ASSERT_EQUAL(std::string("2"), *first.header("X-RateLimit-Limit"));
        CPPUNIT_ASSERT_EQUAL(std::string("1"), *first.header("X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(200, c.get("/daily/ip").status);
        auto denied = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(429, denied.status);
        CPPUNIT_ASSERT_EQUAL(std::string("challenge_required"), errorOf(denied));
        CPPUNIT_ASSERT(std::stoi(*denied.header("Retry-After")) > 0);
    }

    void keyNeverReachesPlugins() {
        // /ip.md writes the document's own URL, built by the host from the
        // request: the key parameter must be gone from it, the rest kept.
        std::string key = Service::instance().issueKey("plugin-test");
        auto r = get("/ip.md?_=1&key=" + key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(r.body.find(key) == std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(r.body, r.body.find("- Source: http://ipfacts.test/ip.md?%5F=1\n") != std::string::npos);
    }

    /// The X- lines report the minute (Remaining left out, as the contract says); the
    /// RateLimit fields name both windows, so the daily remaining is there too.
    void keyedAnswerNamesBothWindows() {
        awayFromMinuteEdge();
        std::string key = Service::instance().issueKey("both-windows");
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.61");
        c.get("/limited/ip", {"Authorization: Bearer " + key});
        auto r = c.get("/limited/ip", {"Authorization: Bearer " + key});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("5"), *r.header("X-RateLimit-Limit"));
        CPPUNIT_ASSERT(!r.header("X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";q=5;w=60, \"day\";q=1000;w=86400"), *r.header("RateLimit-Policy"));
        const std::string limits = *r.header("RateLimit");
        CPPUNIT_ASSERT_MESSAGE(limits, limits.rfind("\"minute\";r=3;t=", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(limits, limits.find(", \"day\";r=998;t=") != std::string::npos);
        printHeaders("keyed /limited/ip", r);
    }

    /// A 401, the challenge and an unknown path each carry quota headers: which quota
    /// counted the answer, or that none did (docs/api.md, "Quota headers").
    void everyAnswerSaysWhichQuotaCountedIt() {
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.62");
        auto wrong = c.get("/ip", {"Authorization: Bearer ipf_unknownunknownunknownunknown00"});
        CPPUNIT_ASSERT_EQUAL(401, wrong.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_key"), *wrong.header("X-RateLimit-Policy"));
        CPPUNIT_ASSERT(wrong.header("RateLimit-Policy").has_value());
        CPPUNIT_ASSERT(!wrong.header("X-RateLimit-Limit"));
        printHeaders("401", wrong);

        auto missing = c.get("/nowhere");
        CPPUNIT_ASSERT_EQUAL(404, missing.status);
        CPPUNIT_ASSERT_EQUAL(std::string("unmetered"), *missing.header("X-RateLimit-Policy"));

        awayFromDayEdge();
        c.get("/daily/ip");
        c.get("/daily/ip");
        auto challenged = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(std::string("challenge_required"), errorOf(challenged));
        CPPUNIT_ASSERT_EQUAL(std::string("daily:anonymous"), *challenged.header("X-RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *challenged.header("X-RateLimit-Remaining"));
        const std::string limits = *challenged.header("RateLimit");
        CPPUNIT_ASSERT_MESSAGE(limits, limits.find("\"day\";r=0;t=") != std::string::npos);
        printHeaders("challenge", challenged);
    }

    void browserAppMaySendTheChallengeSolution() {
        HttpClient c("127.0.0.1", Service::instance().port());
        auto r = c.get("/api/v1/lookup/192.0.2.1",
                       {"Origin: https://app.example", "Access-Control-Request-Method: GET",
                        "Access-Control-Request-Headers: authorization,x-challenge-solution"},
                       "OPTIONS");
        CPPUNIT_ASSERT_EQUAL(204, r.status);
        const std::string allowed = *r.header("Access-Control-Allow-Headers");
        for (const char* h : {"Authorization", "X-Challenge-Solution"})
            CPPUNIT_ASSERT_MESSAGE(allowed, allowed.find(h) != std::string::npos);
        const std::string exposed = *get("/ip").header("Access-Control-Expose-Headers");
        for (const char* h : {"X-RateLimit-Remaining", "RateLimit-Policy", "RateLimit,", "Retry-After"})
            CPPUNIT_ASSERT_MESSAGE(exposed, exposed.find(h) != std::string::npos);
    }

private:
    /// The must-show headers, in the test's output (ctest -V).
    static void printHeaders(const std::string& what, const HttpReply& r) {
        std::string text = "--- " + what + ": " + std::to_string(r.status) + "\n";
        for (const auto& [name, value] : r.headers) text += name + ": " + value + "\n";
        std::fputs(text.c_str(), stderr);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(QuotaTest);
