// The rows end to end against the fake host: one batch with the health
// checks, the body's fields, the cache (an hour for answers, a minute for
// failures, no DNS on a hit), unusable zones, IPv6 and mapped addresses.
#include "BlacklistCheck.h"
#include "BlacklistResponseWriter.h"
#include "TestLists.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>

namespace ipfacts::dnsbl {
namespace {

using ipfacts::testing::FakeHost;
using namespace std::chrono_literals;

struct Fixture {
    FakeHost fake;
    std::vector<Blocklist> lists{testing::spamList(), testing::v4List()};
    HealthBoard board{2};
    CheckSettings settings{"blocklists", 3600 * 1000, 60 * 1000, 600 * 1000};
    Host host = fake.host();

    Fixture() {
        fake.unlisted = ipfacts::testing::dnsAnswer(3);  // names nobody set: NXDOMAIN
        for (const Blocklist& l : lists) testing::healthy(fake, l);
    }
    BlacklistReport check(const char* ip) {
        return BlacklistCheck(host, lists, board, settings).check(*parseAddress(ip));
    }
    std::string body(const BlacklistReport& r) {
        return writeBlacklistResponse(r, ResponseStamp{"2026-11-26T09:00:00Z", "ipfacts.example"});
    }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class BlacklistCheckTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BlacklistCheckTest);
    CPPUNIT_TEST(everyListInOneBatchWithItsHealthCheck);
    CPPUNIT_TEST(bodyHasTheSpecFieldsInCatalogueOrder);
    CPPUNIT_TEST(secondRequestComesFromTheCacheWithoutDns);
    CPPUNIT_TEST(refusalIsAnErrorRowNotAListing);
    CPPUNIT_TEST(wildcardZoneIsMarkedUnusableAndNotAskedAgain);
    CPPUNIT_TEST(healthIsCheckedAgainAfterTheInterval);
    CPPUNIT_TEST(failuresAreCachedOnlyBriefly);
    CPPUNIT_TEST(answersAreCachedOneHour);
    CPPUNIT_TEST(ipv6AskedByNibblesOnlyOfIpv6Lists);
    CPPUNIT_TEST(mappedAddressIsAskedAsIpv4);
    CPPUNIT_TEST(unknownResolverMakesEveryRowAnError);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyListInOneBatchWithItsHealthCheck() {
        Fixture f;
        f.fake.answer(testing::nameOf("192.0.2.2", f.lists[0]), "A", {"127.0.0.2"});
        const BlacklistReport r = f.check("192.0.2.2");
        CPPUNIT_ASSERT_EQUAL(1, f.fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(std::string("blocklists"), f.fake.batchResolvers.at(0));
        // spam: 3 test points, A, TXT; four: 2 test points, A.
        CPPUNIT_ASSERT_EQUAL(size_t(8), f.fake.batches[0].size());
        CPPUNIT_ASSERT_EQUAL(8, r.questionsSent);
        CPPUNIT_ASSERT_EQUAL(std::string("2.2.0.192.bl.example"), f.fake.batches[0][3].name);
        CPPUNIT_ASSERT_EQUAL(std::string("TXT"), f.fake.batches[0][4].type);
        CPPUNIT_ASSERT_EQUAL(1, r.listedCount);
        CPPUNIT_ASSERT_EQUAL(0, r.errorCount);
        CPPUNIT_ASSERT(r.rows[0].health.status == ZoneHealth::Status::Usable);
        CPPUNIT_ASSERT_EQUAL(0, f.fake.openBatches);
    }
    void bodyHasTheSpecFieldsInCatalogueOrder() {
        Fixture f;
        f.fake.answer(testing::nameOf("192.0.2.2", f.lists[0]), "A", {"127.0.0.2"});
        f.fake.answer(testing::nameOf("192.0.2.2", f.lists[0]), "TXT", {"\"see https://bl.example/192.0.2.2\""});
        const std::string b = f.body(f.check("192.0.2.2"));
        const std::string checked = ipfacts::isoUtc(f.fake.clock.nowMs);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"ip":"192.0.2.2","version":4,"listed_count":1,"total_count":2,"error_count":0,"results":[)"
                R"({"list":"Spam List","zone":"bl.example","listed":true,"codes":["127.0.0.2"],)"
                R"("reason":"spam source; the list says: see https://bl.example/192.0.2.2",)"
                R"("lookup_url":"https://bl.example/lookup?ip=192.0.2.2","error":null,"answer":["127.0.0.2"],)"
                R"("txt":"see https://bl.example/192.0.2.2","from_cache":false,"queried":true,"zone_usable":true,)"
                R"("zone_health":{"status":"usable","reason":null,"checked_at":")") +
                checked +
                R"("}},)"
                R"({"list":"Four List","zone":"v4.example","listed":false,"codes":[],"reason":null,)"
                R"("lookup_url":"https://v4.example/","error":null,"answer":[],"txt":null,"from_cache":false,)"
                R"("queried":true,"zone_usable":true,"zone_health":{"status":"usable","reason":null,"checked_at":")" +
                checked + R"("}}],"checked_at":"2026-11-26T09:00:00Z","source":"ipfacts.example"})",
            b);
    }
    void secondRequestComesFromTheCacheWithoutDns() {
        Fixture f;
        f.fake.answer(testing::nameOf("192.0.2.2", f.lists[0]), "A", {"127.0.0.2"});
        const BlacklistReport first = f.check("192.0.2.2");
        f.fake.clock.advance(5min);
        const BlacklistReport second = f.check("192.0.2.2");
        CPPUNIT_ASSERT_EQUAL(1, f.fake.resolveCalls);  // no second batch at all
        CPPUNIT_ASSERT_EQUAL(0, second.questionsSent);
        for (size_t i = 0; i < 2; ++i) {
            CPPUNIT_ASSERT(!first.rows[i].fromCache);
            CPPUNIT_ASSERT(second.rows[i].fromCache);
            CPPUNIT_ASSERT(second.rows[i].result == first.rows[i].result);
        }
        CPPUNIT_ASSERT(contains(f.body(second), R"("from_cache":true)"));
        CPPUNIT_ASSERT_EQUAL(1, second.listedCount);
    }
    void refusalIsAnErrorRowNotAListing() {
        Fixture f;
        f.fake.answer(testing::nameOf("192.0.2.4", f.lists[0]), "A", {"127.255.255.254"});
        const BlacklistReport r = f.check("192.0.2.4");
        CPPUNIT_ASSERT_EQUAL(0, r.listedCount);
        CPPUNIT_ASSERT_EQUAL(1, r.errorCount);
        const std::string b = f.body(r);
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("listed":false,"codes":[],"reason":null,)"));
        CPPUNIT_ASSERT_MESSAGE(
            b,
            contains(
                b,
                R"j("error":"the list refused the query: query via a public resolver (127.255.255.254)","answer":["127.255.255.254"])j"));
    }
    void wildcardZoneIsMarkedUnusableAndNotAskedAgain() {
        Fixture f;
        f.fake.answer(testing::nameOf("127.0.0.1", f.lists[1]), "A", {"127.0.0.2"});
        f.fake.answer(testing::nameOf("192.0.2.9", f.lists[1]), "A", {"127.0.0.2"});  // the wildcard's "listing"
        const BlacklistReport r = f.check("192.0.2.9");
        CPPUNIT_ASSERT_EQUAL(0, r.listedCount);
        const BlacklistRow& row = r.rows[1];
        CPPUNIT_ASSERT(!row.health.usable() && !row.result.listed());
        CPPUNIT_ASSERT(
            row.result.error->rfind(
                "not used: the zone failed its health check: the RFC 5782 test point 127.0.0.1 is listed", 0) == 0);
        CPPUNIT_ASSERT((row.result.answer == std::vector<std::string>{"127.0.0.2"}));
        CPPUNIT_ASSERT(contains(f.body(r), R"("zone_usable":false,"zone_health":{"status":"unusable")"));
        // Another address within the interval: the unusable zone is not asked at all.
        f.check("192.0.2.10");
        for (const DnsQuestion& q : f.fake.batches.at(1))
            CPPUNIT_ASSERT(q.name.find("v4.example") == std::string::npos);
    }
    void healthIsCheckedAgainAfterTheInterval() {
        Fixture f;
        f.check("192.0.2.2");
        f.fake.clock.advance(9min);
        f.check("192.0.2.3");
        CPPUNIT_ASSERT_EQUAL(size_t(3), f.fake.batches[1].size());  // A, TXT, A: no test points
        f.fake.clock.advance(1min);
        f.check("192.0.2.4");
        CPPUNIT_ASSERT_EQUAL(size_t(8), f.fake.batches[2].size());  // the test points again
    }
    void failuresAreCachedOnlyBriefly() {
        Fixture f;
        f.fake.fail(testing::nameOf("192.0.2.5", f.lists[1]), "A", 2);  // SERVFAIL
        CPPUNIT_ASSERT(f.check("192.0.2.5").transient);                 // the host must not keep it an hour
        f.fake.clock.advance(59s);
        const BlacklistReport cached = f.check("192.0.2.5");
        CPPUNIT_ASSERT(cached.rows[1].fromCache);
        CPPUNIT_ASSERT(cached.transient);  // a failure read back from the cache is still one
        f.fake.clock.advance(1s);
        const BlacklistReport again = f.check("192.0.2.5");
        CPPUNIT_ASSERT(!again.rows[1].fromCache);
        CPPUNIT_ASSERT(again.rows[0].fromCache);  // the other list's answer is still kept
        CPPUNIT_ASSERT_EQUAL(std::string("the query failed: the DNS resolver answered SERVFAIL"),
                             *again.rows[1].result.error);
    }
    void answersAreCachedOneHour() {
        Fixture f;
        f.settings.healthMaxAgeMs = 7200 * 1000;  // only the rows' lifetime in play
        CPPUNIT_ASSERT(!f.check("192.0.2.2").transient);
        f.fake.clock.advance(59min);
        CPPUNIT_ASSERT(f.check("192.0.2.2").rows[0].fromCache);
        f.fake.clock.advance(1min);
        CPPUNIT_ASSERT(!f.check("192.0.2.2").rows[0].fromCache);
        CPPUNIT_ASSERT_EQUAL(2, f.fake.resolveCalls);
    }
    void ipv6AskedByNibblesOnlyOfIpv6Lists() {
        Fixture f;
        f.fake.answer(testing::nameOf("2001:db8::2", f.lists[0]), "A", {"127.0.0.4"});
        const BlacklistReport r = f.check("2001:DB8::2");
        CPPUNIT_ASSERT_EQUAL(6, r.address.version);
        CPPUNIT_ASSERT(r.rows[0].result.listed());
        CPPUNIT_ASSERT(!r.rows[1].queried);
        CPPUNIT_ASSERT_EQUAL(std::string("not asked: Four List lists IPv4 addresses only"), *r.rows[1].result.error);
        CPPUNIT_ASSERT(!r.transient);  // an error row, but not a passing one
        for (const DnsQuestion& q : f.fake.batches[0]) CPPUNIT_ASSERT(q.name.find("v4.example") == std::string::npos);
        const std::string b = f.body(r);
        CPPUNIT_ASSERT(
            contains(b, R"("ip":"2001:db8::2","version":6,"listed_count":1,"total_count":2,"error_count":1)"));
    }
    void mappedAddressIsAskedAsIpv4() {
        Fixture f;
        f.fake.answer(testing::nameOf("192.0.2.2", f.lists[1]), "A", {"127.0.0.2"});
        const BlacklistReport r = f.check("::ffff:192.0.2.2");
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.2"), r.address.text());
        CPPUNIT_ASSERT(r.rows[1].result.listed());
    }
    void unknownResolverMakesEveryRowAnError() {
        Fixture f;
        f.settings.resolver = "nope";
        const BlacklistReport r = f.check("192.0.2.2");
        CPPUNIT_ASSERT_EQUAL(2, r.errorCount);
        CPPUNIT_ASSERT_EQUAL(std::string("the query failed: the manifest names no resolver 'nope'"),
                             *r.rows[0].result.error);
        CPPUNIT_ASSERT(r.rows[0].health.status == ZoneHealth::Status::Unknown);
        CPPUNIT_ASSERT_EQUAL(size_t(0), f.fake.cache.size());  // nothing kept
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BlacklistCheckTest);

}  // namespace ipfacts::dnsbl
