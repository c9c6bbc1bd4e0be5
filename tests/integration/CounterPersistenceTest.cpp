// SQLite mode: the day's counts outlive a restart. A caller's requests of the
// day are counted by one ipfactsd, written behind to the SQLite file, and the
// next ipfactsd on the same state folder continues from them: the daily
// threshold is reached across the restart, not reset by it.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

class CounterPersistenceTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CounterPersistenceTest);
    CPPUNIT_TEST(aRestartKeepsTheDaysCounts);
    CPPUNIT_TEST_SUITE_END();

public:
    void aRestartKeepsTheDaysCounts() {
        awayFromDayEdge(60);
        // /daily/ip: a daily threshold of 2 (challenge_after), per_day 4.
        Service s("counter-persistence");
        s.start();
        {
            HttpClient c("127.0.0.1", s.port(), false, "127.0.0.9");
            auto first = c.get("/daily/ip");
            CPPUNIT_ASSERT_EQUAL(200, first.status);
            CPPUNIT_ASSERT_EQUAL(std::string("1"), *first.header("X-RateLimit-Remaining"));
            // Another caller, counted on its own and kept too.
            HttpClient other("127.0.0.1", s.port(), false, "127.0.0.10");
            CPPUNIT_ASSERT_EQUAL(200, other.get("/daily/ip").status);
        }
        CPPUNIT_ASSERT_EQUAL(0, s.restart());
        CPPUNIT_ASSERT(s.log().find("rate counters: 2 day counts of today restored") != std::string::npos);
        HttpClient c("127.0.0.1", s.port(), false, "127.0.0.9");
        auto second = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(200, second.status);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *second.header("X-RateLimit-Remaining"));
        auto third = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(429, third.status);
        CPPUNIT_ASSERT_EQUAL(std::string("challenge_required"), parseJson(third.body)->getValue<std::string>("error"));
        // A caller the first run never saw starts from zero.
        HttpClient fresh("127.0.0.1", s.port(), false, "127.0.0.11");
        CPPUNIT_ASSERT_EQUAL(std::string("1"), *fresh.get("/daily/ip").header("X-RateLimit-Remaining"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CounterPersistenceTest);
