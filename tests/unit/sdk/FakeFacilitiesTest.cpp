// The SDK's fakes of the http, cache, store and meters facilities
// (ipfacts/testing/), driven through plugin.hpp as a plugin drives the host:
// scripted replies and recorded requests, errors as data, TTLs on the
// test's clock, namespaces kept apart, atomic counters in fixed windows,
// daily budgets that reset at midnight.
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>

namespace ipfacts {

using std::chrono::milliseconds;
using std::chrono::seconds;
using testing::FakeHost;

class FakeFacilitiesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FakeFacilitiesTest);
    CPPUNIT_TEST(httpAnswersFromTheScriptAndRecordsRequests);
    CPPUNIT_TEST(httpFailuresAreData);
    CPPUNIT_TEST(httpRepliesInTurnThenRepeatsTheLast);
    CPPUNIT_TEST(cacheExpiresOnTheTestsClock);
    CPPUNIT_TEST(cacheKeepsNamespacesApart);
    CPPUNIT_TEST(cacheBoundDropsTheLeastRecentlyUsed);
    CPPUNIT_TEST(storeCountsInFixedWindows);
    CPPUNIT_TEST(storeValuesExpireAndFailuresAreValues);
    CPPUNIT_TEST(metersCountPerCallerAndResetAtMidnight);
    CPPUNIT_TEST(connectAnswersProbesFromTheScript);
    CPPUNIT_TEST(missingFacilitiesAreNullSlots);
    CPPUNIT_TEST_SUITE_END();

public:
    void httpAnswersFromTheScriptAndRecordsRequests() {
        FakeHost fake;
        fake.http.respond("GET", "https://up.example/a.json", 200, R"({"a":1})",
                          {{"Content-Type", "application/json"}});
        HttpCall post;
        post.method = "POST";
        post.url = "https://up.example/a.json";
        post.headers = {{"Accept", "application/json"}};
        post.body = "q=1";
        post.timeout_ms = 1500;
        HttpCall get;
        get.url = "https://up.example/a.json";
        {
            const HttpReplies replies = fake.host().fetchAll({get, post});
            CPPUNIT_ASSERT(replies.ok());
            CPPUNIT_ASSERT_EQUAL(size_t(2), replies.size());
            CPPUNIT_ASSERT_EQUAL(200, replies[0].status());
            CPPUNIT_ASSERT(replies[0].ok());
            CPPUNIT_ASSERT_EQUAL(std::string(R"({"a":1})"), std::string(replies[0].body()));
            CPPUNIT_ASSERT_EQUAL(std::string("application/json"),
                                 std::string(replies[0].header("content-type").value()));
            // POST was not scripted: an error reply naming what was asked.
            CPPUNIT_ASSERT(!replies[1].ok());
            CPPUNIT_ASSERT_EQUAL(std::string("fake http: nothing scripted for POST https://up.example/a.json"),
                                 std::string(replies[1].error()));
            CPPUNIT_ASSERT_EQUAL(1, fake.http.openBatches);
        }
        CPPUNIT_ASSERT_EQUAL(0, fake.http.openBatches);
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
        const HttpCall& seen = fake.http.requests[1];
        CPPUNIT_ASSERT_EQUAL(std::string("POST"), seen.method);
        CPPUNIT_ASSERT_EQUAL(std::string("q=1"), seen.body);
        CPPUNIT_ASSERT_EQUAL(uint32_t(1500), seen.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(std::string("Accept"), seen.headers.at(0).name);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), fake.http.requests[0].method);  // the default method
        CPPUNIT_ASSERT_EQUAL(-1, fake.http.requests[0].max_redirects);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requestsFor("GET", "https://up.example/a.json"));
    }

    void httpFailuresAreData() {
        FakeHost fake;
        fake.http.fail("GET", "https://slow.example/", "timeout after 3000 ms");
        HttpCall call;
        call.url = "https://slow.example/";
        const HttpReplies replies = fake.host().fetchAll({call});
        CPPUNIT_ASSERT(replies.ok());  // the call was made; this request failed
        CPPUNIT_ASSERT_EQUAL(0, replies[0].status());
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 3000 ms"), std::string(replies[0].error()));
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 3000 ms"), replies.keep().at(0).error);
        fake.http.refuses = true;
        const HttpReplies refused = fake.host().fetchAll({call});
        CPPUNIT_ASSERT(!refused.ok() && refused.empty());
        CPPUNIT_ASSERT_EQUAL(std::string(kMalformedHttpCallReason), std::string(refused.reason()));
    }

    void httpRepliesInTurnThenRepeatsTheLast() {
        FakeHost fake;
        HttpReply busy, fine;
        busy.status = 503;
        fine.status = 200;
        fake.http.respondInTurn("GET", "https://up.example/", {busy, fine});
        HttpCall call;
        call.url = "https://up.example/";
        const Host host = fake.host();
        CPPUNIT_ASSERT_EQUAL(503, host.fetchAll({call})[0].status());
        CPPUNIT_ASSERT_EQUAL(200, host.fetchAll({call})[0].status());
        CPPUNIT_ASSERT_EQUAL(200, host.fetchAll({call})[0].status());
        CPPUNIT_ASSERT_EQUAL(3, fake.http.fetchCalls);
    }

    void cacheExpiresOnTheTestsClock() {
        FakeHost fake;
        const Host host = fake.host();
        CPPUNIT_ASSERT(host.hasCache());
        CPPUNIT_ASSERT(host.cachePut("k", "v1", seconds(10)));
        fake.clock.advance(milliseconds(9999));
        CPPUNIT_ASSERT_EQUAL(std::string("v1"), host.cacheGet("k").value());
        fake.clock.advance(milliseconds(1));  // dead from the millisecond its TTL ends, as in the host
        CPPUNIT_ASSERT(!host.cacheGet("k"));
        CPPUNIT_ASSERT(!host.cachePut("k", "v2", milliseconds(0)));                        // the SDK does not even ask
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, fake.cache.put(fake.pluginName, "k", "v2", 0));  // the table refuses too
        CPPUNIT_ASSERT_EQUAL(2, fake.cache.puts);
        CPPUNIT_ASSERT_EQUAL(2, fake.cache.gets);
        CPPUNIT_ASSERT_EQUAL(1, fake.cache.hits);
    }

    void cacheKeepsNamespacesApart() {
        FakeHost fake;
        FakeHost::Context other(fake, "other");
        const Host mine = fake.host();
        const Host theirs(fake.api(), other.handle());
        CPPUNIT_ASSERT(mine.cachePut("k", "mine", seconds(60)));
        CPPUNIT_ASSERT(!theirs.cacheGet("k"));
        CPPUNIT_ASSERT(theirs.cachePut("k", "theirs", seconds(60)));
        CPPUNIT_ASSERT_EQUAL(std::string("mine"), mine.cacheGet("k").value());
        CPPUNIT_ASSERT_EQUAL(std::string("theirs"), fake.cache.peek("other", "k").value());
        CPPUNIT_ASSERT_EQUAL(std::string("mine"), fake.cache.peek(fake.pluginName, "k").value());
        mine.storePut("s", "1");
        CPPUNIT_ASSERT(!theirs.storeGet("s"));
        CPPUNIT_ASSERT_EQUAL(int64_t(5), *theirs.storeIncr("s", 5));
        CPPUNIT_ASSERT_EQUAL(std::string("1"), mine.storeGet("s").value());
    }

    void cacheBoundDropsTheLeastRecentlyUsed() {
        FakeHost fake;
        fake.cache.maxBytes = 8;  // keys and values
        const Host host = fake.host();
        CPPUNIT_ASSERT(host.cachePut("a", "111", seconds(60)));
        CPPUNIT_ASSERT(host.cachePut("b", "222", seconds(60)));
        CPPUNIT_ASSERT(host.cacheGet("a"));                      // a is now the more recent
        CPPUNIT_ASSERT(host.cachePut("c", "333", seconds(60)));  // 12 bytes > 8: b goes
        CPPUNIT_ASSERT(host.cacheGet("a") && host.cacheGet("c") && !host.cacheGet("b"));
        CPPUNIT_ASSERT(!host.cachePut("a", "123456789", seconds(60)));  // larger than the bound: refused
        CPPUNIT_ASSERT(!host.cacheGet("a"));                            // and the old value forgotten
    }

    void storeCountsInFixedWindows() {
        FakeHost fake;
        const Host host = fake.host();
        CPPUNIT_ASSERT_EQUAL(int64_t(1), *host.storeIncr("calls", 1, seconds(60)));
        fake.clock.advance(seconds(59));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), *host.storeIncr("calls", 2, seconds(60)));  // keeps its expiry
        CPPUNIT_ASSERT_EQUAL(fake.clock.nowMs + 1000, fake.store.expiresAt(fake.pluginName, "calls").value());
        fake.clock.advance(seconds(1));
        CPPUNIT_ASSERT(!host.storeGet("calls"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), *host.storeIncr("calls", 1, seconds(60)));  // a new window
        host.storePut("text", "12abc");
        CPPUNIT_ASSERT_EQUAL(int64_t(13), *host.storeIncr("text"));  // leading digits count, as SQL CAST does
        host.storePut("word", "abc");
        CPPUNIT_ASSERT_EQUAL(int64_t(1), *host.storeIncr("word"));
    }

    void storeValuesExpireAndFailuresAreValues() {
        FakeHost fake;
        const Host host = fake.host();
        fake.store.seed(fake.pluginName, "seeded", "yes");
        CPPUNIT_ASSERT_EQUAL(std::string("yes"), host.storeGet("seeded").value());
        host.storePut("k", std::string("a\0b", 3), seconds(5));
        CPPUNIT_ASSERT_EQUAL(std::string("a\0b", 3), host.storeGet("k").value());
        fake.clock.advance(seconds(5));
        CPPUNIT_ASSERT(!host.storeGet("k"));
        CPPUNIT_ASSERT(host.storeGet("seeded"));                           // ttl 0: kept
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, host.storeGet("k").status());  // a miss is not a failure of the store
        fake.store.failing = true;
        CPPUNIT_ASSERT_EQUAL(IPF_ERROR, host.storeGet("seeded").status());
        CPPUNIT_ASSERT_EQUAL(std::string("store: incr failed"), std::string(host.storeIncr("n").reason()));
        CPPUNIT_ASSERT(!host.storePut("k", "v"));
        CPPUNIT_ASSERT_THROW(host.storeGet("seeded").value(), std::runtime_error);  // for code that would rather throw
    }

    void metersCountPerCallerAndResetAtMidnight() {
        FakeHost fake;
        fake.meters.budgets["privacy"] = 2;
        const Host host = fake.host();
        const Request req = fake.request();
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, host.takeMeter(req.handle(), "undeclared").status());
        Result<MeterUse> use = host.takeMeter(req.handle(), "privacy");
        CPPUNIT_ASSERT(use && use->allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), use->remaining);
        CPPUNIT_ASSERT_EQUAL(int64_t(1795392000), use->resets_at);  // 2026-11-23T00:00:00Z
        CPPUNIT_ASSERT(host.takeMeter(req.handle(), "privacy")->allowed);
        use = host.takeMeter(req.handle(), "privacy");
        CPPUNIT_ASSERT(!use->allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), use->remaining);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), fake.meters.usedToday("privacy", fake.clientAddress));
        fake.clientAddress = "198.51.100.1";  // another caller has its own budget
        CPPUNIT_ASSERT(host.takeMeter(req.handle(), "privacy")->allowed);
        fake.clientAddress = "203.0.113.7";
        fake.clock.nowMs = int64_t(1795392000) * 1000;  // midnight UTC
        CPPUNIT_ASSERT(host.takeMeter(req.handle(), "privacy")->allowed);
    }

    void connectAnswersProbesFromTheScript() {
        FakeHost fake;
        TlsProbeReply ok;
        ok.peer_address = "192.0.2.10";
        ok.peer_port = 443;
        ok.version = "TLSv1.3";
        ok.version_code = IPF_TLS_1_3;
        ok.chain = {std::string("\x30\x82\x00\x01", 4), "issuer-der"};
        ok.verify_code = 0;
        ok.verify_text = "ok";
        fake.connect.respond("example.com", 443, ok);
        fake.connect.fail("192.0.2.99", 8443, "timeout after 3000 ms");
        TlsProbeCall byName;
        byName.server_name = "example.com";
        byName.alpn = {"h2", "http/1.1"};
        byName.max_version = IPF_TLS_1_2;
        TlsProbeCall byAddress;
        byAddress.address = "192.0.2.99";
        byAddress.port = 8443;
        const std::vector<TlsProbeReply> replies = tlsProbeAll(fake.host(), {byName, byAddress}).keep();
        CPPUNIT_ASSERT_EQUAL(size_t(2), replies.size());
        CPPUNIT_ASSERT(replies[0].ok());
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), replies[0].version);
        CPPUNIT_ASSERT_EQUAL(size_t(2), replies[0].chain.size());
        CPPUNIT_ASSERT(replies[0].chain[0] == std::string("\x30\x82\x00\x01", 4));  // DER bytes, NULs kept
        CPPUNIT_ASSERT(!replies[0].alert_received);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 3000 ms"), replies[1].error);
        CPPUNIT_ASSERT_EQUAL(-1, replies[1].verify_code);  // no chain
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.connect.probes.size());
        const TlsProbeCall& seen = fake.connect.probes[0];
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), seen.server_name);
        CPPUNIT_ASSERT_EQUAL(443, seen.port);
        CPPUNIT_ASSERT_EQUAL(int(IPF_TLS_1_2), seen.max_version);
        CPPUNIT_ASSERT(seen.alpn == (std::vector<std::string>{"h2", "http/1.1"}));
        CPPUNIT_ASSERT_EQUAL(0, fake.connect.openBatches);
        TlsProbeCall unknown;
        unknown.server_name = "other.example";
        CPPUNIT_ASSERT_EQUAL(std::string("fake connect: nothing scripted for other.example:443"),
                             tlsProbe(fake.host(), unknown)->error);
        fake.hasConnect = false;
        CPPUNIT_ASSERT(!hasConnect(fake.host()));
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, tlsProbeAll(fake.host(), {byName}).status());
    }

    void missingFacilitiesAreNullSlots() {
        FakeHost fake;
        fake.hasCache = fake.hasStore = fake.hasMeters = false;
        const Host host = fake.host();
        CPPUNIT_ASSERT(!host.hasCache() && !host.hasStore());
        CPPUNIT_ASSERT(!host.cachePut("k", "v", seconds(1)) && !host.cacheGet("k"));
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, host.cacheGet("k").status());
        CPPUNIT_ASSERT_EQUAL(std::string(kNoStoreReason), std::string(host.storeGet("k").reason()));
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, host.storePut("k", "v").status());
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, host.takeMeter(fake.requestHandle(), "privacy").status());
        CPPUNIT_ASSERT_EQUAL(0, fake.cache.puts + fake.store.gets + fake.meters.takes);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FakeFacilitiesTest);

}  // namespace ipfacts
