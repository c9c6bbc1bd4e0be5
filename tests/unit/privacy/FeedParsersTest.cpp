// The feed formats: Tor's measured exit list (only ExitAddress lines, the
// newest measurement as the date) and range lists (the iCloud Private Relay
// egress CSV, plain files).
#include "host/facilities/privacy/FeedParsers.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::facilities::privacy;
using ipfacts::net::IpAddress;

namespace {

const char* kExitList =
    "ExitNode 0011BD2485AD45D984EC4159C88FC066E5E3300E\n"
    "Published 2026-11-25 20:05:12\n"
    "LastStatus 2026-11-26 01:00:00\n"
    "ExitAddress 185.220.101.1 2026-11-26 01:10:14\n"
    "ExitNode 0091174DE56EADD8FC5C5F2A9E5D46E9A8C32D5B\n"
    "Published 2026-11-25 22:00:00\n"
    "LastStatus 2026-11-26 02:00:00\n"
    "ExitAddress 2001:db8::7 2026-11-26 03:20:00\n"
    "ExitAddress 192.0.2.99 2026-11-25 23:59:59\n";

}  // namespace

class FeedParsersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FeedParsersTest);
    CPPUNIT_TEST(torListHoldsExitAddressesOnly);
    CPPUNIT_TEST(torListWithoutExitsIsAnError);
    CPPUNIT_TEST(relayCsvReadsTheFirstColumn);
    CPPUNIT_TEST(rangeListWithoutBlocksIsAnError);
    CPPUNIT_TEST(dateTimeParsing);
    CPPUNIT_TEST_SUITE_END();

public:
    void torListHoldsExitAddressesOnly() {
        ParsedFeed f = parseTorExitList(kExitList);
        CPPUNIT_ASSERT(f.error.empty());
        CPPUNIT_ASSERT_EQUAL(size_t(3), f.entries);
        CPPUNIT_ASSERT_EQUAL(parseUtcDateTime("2026-11-26 03:20:00"), f.data_date_s);
        auto m = f.table.find(*IpAddress::parse("185.220.101.1"));
        CPPUNIT_ASSERT(m);
        CPPUNIT_ASSERT_EQUAL(std::string("185.220.101.1/32"), m->prefix);
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::7/128"), f.table.find(*IpAddress::parse("2001:db8::7"))->prefix);
        // The neighbour of an exit is not an exit.
        CPPUNIT_ASSERT(!f.table.find(*IpAddress::parse("185.220.101.2")));
    }

    void torListWithoutExitsIsAnError() {
        ParsedFeed f = parseTorExitList("<html>maintenance</html>\nExitAddress not-an-address 2026-11-26 01:00:00\n");
        CPPUNIT_ASSERT(!f.error.empty());
        CPPUNIT_ASSERT_EQUAL(size_t(1), f.skipped);
    }

    void relayCsvReadsTheFirstColumn() {
        ParsedFeed f = parseRangeList(
            "172.224.224.0/27,GB,GB-EN,London,\r\n"
            "2a02:26f7:b3c0:4000::/64,GB,GB-EN,London,\r\n"
            "# a comment\n"
            "\n"
            "garbage,GB,,,\n"
            "104.28.0.5\n");
        CPPUNIT_ASSERT(f.error.empty());
        CPPUNIT_ASSERT_EQUAL(size_t(3), f.entries);
        CPPUNIT_ASSERT_EQUAL(size_t(1), f.skipped);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), f.data_date_s);  // a CSV says nothing of its date
        CPPUNIT_ASSERT_EQUAL(std::string("172.224.224.0/27"),
                             f.table.find(*IpAddress::parse("172.224.224.31"))->prefix);
        CPPUNIT_ASSERT(!f.table.find(*IpAddress::parse("172.224.224.32")));
        CPPUNIT_ASSERT_EQUAL(std::string("2a02:26f7:b3c0:4000::/64"),
                             f.table.find(*IpAddress::parse("2a02:26f7:b3c0:4000::1"))->prefix);
        CPPUNIT_ASSERT_EQUAL(std::string("104.28.0.5/32"), f.table.find(*IpAddress::parse("104.28.0.5"))->prefix);
    }

    void rangeListWithoutBlocksIsAnError() {
        CPPUNIT_ASSERT(!parseRangeList("").error.empty());
        CPPUNIT_ASSERT(!parseRangeList("# only comments\n").error.empty());
    }

    void dateTimeParsing() {
        CPPUNIT_ASSERT_EQUAL(int64_t(1795651200), parseUtcDateTime("2026-11-26 00:00:00"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), parseUtcDateTime("2026-13-26 00:00:00"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), parseUtcDateTime("2026-11-26T00:00:00"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), parseUtcDateTime("2026-11-26"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FeedParsersTest);
