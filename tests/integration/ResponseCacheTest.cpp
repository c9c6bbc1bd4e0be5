// The host's response cache over HTTP: repeats of a public route within its
// max-age come from memory (same body, checked_at included, with Age) while
// quota headers are still written per request; other parameter values, HEAD,
// keys, private routes, privacy=1 and `response_cache: false` as documented.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <ctime>
#include <thread>

using namespace ipfacts::testing;

namespace {

// Spellings of names no other test asks for, so the first request of each
// test is its own miss whatever ran before it on the shared daemon.
const std::string kDnsA = "/api/v1/dns?name=Www.Example.Test&type=A";
const std::string kDnsAReordered = "/api/v1/dns?type=A&name=Www%2EExample.Test";
const std::string kDnsAAAA = "/api/v1/dns?name=Www.Example.Test&type=AAAA";

/// Returns once the wall clock is past the second `t`: a fresh answer would now carry a later checked_at.
void nextSecondAfter(std::time_t t) {
    while (std::time(nullptr) <= t) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

bool isSeconds(const std::optional<std::string>& v) {
    return v && !v->empty() && v->find_first_not_of("0123456789") == std::string::npos;
}

/// The suite's manifest without its "silent" DoH resolver. On the shared
/// daemon every DNS answer holds that resolver's timeout, a failed part that
/// no cache keeps; here alpha and beta answer alone, and answers are kept.
void withoutSilentResolver(std::string& m) {
    const std::string line = "    - { name: silent, url: \"https://127.0.0.1:";
    size_t at = m.find(line);
    CPPUNIT_ASSERT(at != std::string::npos);
    m.erase(at, m.find('\n', at) + 1 - at);
}

/// A daemon whose DNS answers hold no failed part, started once for the tests that need one.
Service& soundDns() {
    static Service s("response-cache-dns", withoutSilentResolver);
    static bool started = (s.start(), true);
    (void)started;
    return s;
}

}  // namespace

class ResponseCacheTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ResponseCacheTest);
    CPPUNIT_TEST(repeatIsAnsweredFromMemoryWithFreshHostHeaders);
    CPPUNIT_TEST(otherValueIsAnotherEntry);
    CPPUNIT_TEST(headIsAnsweredFromTheGetEntry);
    CPPUNIT_TEST(keyedCallerSharesTheEntryWithItsOwnQuota);
    CPPUNIT_TEST(privateRouteIsNeverCached);
    CPPUNIT_TEST(privacyLookupIsNeverCached);
    CPPUNIT_TEST(routeKeySwitchesItOff);
    CPPUNIT_TEST(aResolverThatFailedKeepsTheDnsAnswerOutOfCaches);
    CPPUNIT_TEST_SUITE_END();

public:
    void repeatIsAnsweredFromMemoryWithFreshHostHeaders() {
        HttpClient c("127.0.0.1", soundDns().port());
        auto first = c.get(kDnsA);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(first.body, 200, first.status);
        CPPUNIT_ASSERT(!first.header("Age"));
        CPPUNIT_ASSERT_EQUAL(std::string("miss"), first.header("X-Cache").value_or("none"));
        const std::string checked_at = parseJson(first.body)->getValue<std::string>("checked_at");
        nextSecondAfter(std::time(nullptr));

        auto hit = c.get(kDnsAReordered);  // parameters in another order, one escaped: the same entry
        CPPUNIT_ASSERT_EQUAL(200, hit.status);
        CPPUNIT_ASSERT_EQUAL(first.body, hit.body);
        CPPUNIT_ASSERT_EQUAL(checked_at, parseJson(hit.body)->getValue<std::string>("checked_at"));
        CPPUNIT_ASSERT_MESSAGE(hit.header("Age").value_or("none"), isSeconds(hit.header("Age")));
        CPPUNIT_ASSERT(std::stoi(*hit.header("Age")) <= 60);
        CPPUNIT_ASSERT_EQUAL(std::string("hit"), hit.header("X-Cache").value_or("none"));
        // The host's per-request headers are written for this request.
        CPPUNIT_ASSERT(hit.header("X-RateLimit-Limit").has_value());
        CPPUNIT_ASSERT(hit.header("X-RateLimit-Reset").has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("address:anonymous"), *hit.header("X-RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *hit.header("Access-Control-Allow-Origin"));
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=60"), *hit.header("Cache-Control"));
        CPPUNIT_ASSERT(hit.header("Date") != first.header("Date"));
        CPPUNIT_ASSERT_EQUAL(*first.header("Content-Type"), *hit.header("Content-Type"));
    }

    void otherValueIsAnotherEntry() {
        HttpClient c("127.0.0.1", soundDns().port());
        auto a = c.get(kDnsA);
        auto aaaa = c.get(kDnsAAAA);
        CPPUNIT_ASSERT_EQUAL(200, aaaa.status);
        CPPUNIT_ASSERT(a.body != aaaa.body);
        CPPUNIT_ASSERT_EQUAL(std::string("AAAA"), parseJson(aaaa.body)->getValue<std::string>("type"));
        CPPUNIT_ASSERT(!aaaa.header("Age"));
    }

    void headIsAnsweredFromTheGetEntry() {
        HttpClient c("127.0.0.1", Service::instance().port());
        auto got = c.get("/example/hello?name=cached-head");
        CPPUNIT_ASSERT_EQUAL(200, got.status);
        auto head = c.get("/example/hello?name=cached-head", {}, "HEAD");
        CPPUNIT_ASSERT_EQUAL(200, head.status);
        CPPUNIT_ASSERT(head.body.empty());
        CPPUNIT_ASSERT_EQUAL(std::to_string(got.body.size()), *head.header("Content-Length"));
        CPPUNIT_ASSERT(isSeconds(head.header("Age")));
        auto again = c.get("/example/hello?name=cached-head");
        CPPUNIT_ASSERT_EQUAL(got.body, again.body);
        CPPUNIT_ASSERT(isSeconds(again.header("Age")));
    }

    void keyedCallerSharesTheEntryWithItsOwnQuota() {
        const std::string target = "/example/hello?name=cached-keyed";
        auto anonymous = get(target);
        const std::string key = Service::instance().issueKey("response-cache");
        auto keyed = get(target + "&key=" + key);
        CPPUNIT_ASSERT_EQUAL(200, keyed.status);
        CPPUNIT_ASSERT_EQUAL(anonymous.body, keyed.body);  // the key is not part of the entry
        CPPUNIT_ASSERT(isSeconds(keyed.header("Age")));
        CPPUNIT_ASSERT_EQUAL(std::string("address:key"), *keyed.header("X-RateLimit-Policy"));
        CPPUNIT_ASSERT(keyed.body.find(key) == std::string::npos);
    }

    void privateRouteIsNeverCached() {
        HttpClient one("127.0.0.1", Service::instance().port(), false, "127.0.0.41");
        HttpClient two("127.0.0.1", Service::instance().port(), false, "127.0.0.42");
        auto a = one.get("/ip");
        auto b = two.get("/ip");
        auto a2 = one.get("/ip");
        CPPUNIT_ASSERT(a.body != b.body);
        CPPUNIT_ASSERT_EQUAL(a.body, a2.body);
        for (const auto* r : {&a, &b, &a2}) {
            CPPUNIT_ASSERT(!r->header("Age"));
            CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"), *r->header("Cache-Control"));
        }
    }

    void privacyLookupIsNeverCached() {
        // privacy=1 spends the caller's meter: never from memory, never kept.
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.43");
        for (int i = 0; i < 2; ++i) {
            auto r = c.get("/api/v1/lookup/192.0.2.77?privacy=1");
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT(!r.header("Age"));
        }
        // Without it the same lookup is cached as usual.
        c.get("/api/v1/lookup/192.0.2.77");
        CPPUNIT_ASSERT(isSeconds(c.get("/api/v1/lookup/192.0.2.77").header("Age")));
    }

    void routeKeySwitchesItOff() {
        Service s("response-cache-off", [](std::string& m) {
            const std::string route =
                "handler: hello.greet, rate_class: address, cache_control: \"public, max-age=60\"";
            size_t at = m.find(route);
            CPPUNIT_ASSERT(at != std::string::npos);
            m.insert(at + route.size(), ", response_cache: false");
        });
        s.start();
        HttpClient c("127.0.0.1", s.port());
        for (int i = 0; i < 2; ++i) {
            auto r = c.get("/example/hello?name=off");
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT(!r.header("Age"));
            CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=60"), *r.header("Cache-Control"));
        }
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }

    // dns: the shared daemon's "silent" resolver times out on every name, so
    // its answers go out no-store and are made afresh every time, while the
    // same question to the daemon without it is kept (the test above).
    void aResolverThatFailedKeepsTheDnsAnswerOutOfCaches() {
        const std::string target = "/api/v1/dns?name=WWW.example.test&type=A";
        for (int i = 0; i < 2; ++i) {
            auto r = get(target);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            CPPUNIT_ASSERT(r.body.find("\"timeout after 1000 ms\"") != std::string::npos);
            CPPUNIT_ASSERT_EQUAL(std::string("no-store"), r.header("Cache-Control").value_or(""));
            CPPUNIT_ASSERT(!r.header("Age"));
            CPPUNIT_ASSERT_EQUAL(std::string("miss"), r.header("X-Cache").value_or("none"));
        }
        HttpClient c("127.0.0.1", soundDns().port());
        c.get(target);
        auto sound = c.get(target);
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=60"), sound.header("Cache-Control").value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("hit"), sound.header("X-Cache").value_or("none"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ResponseCacheTest);
