#include "host/facilities/netdb/AsnTable.h"
#include "host/facilities/netdb/CsvRecord.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;
using ipfacts::net::IpAddress;

class AsnTableTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AsnTableTest);
    CPPUNIT_TEST(firstAndLastAddressOfARange);
    CPPUNIT_TEST(gapsBetweenRangesHaveNoAs);
    CPPUNIT_TEST(ipv6RangesAndNonCanonicalText);
    CPPUNIT_TEST(quotedNamesAreUnescapedAndShared);
    CPPUNIT_TEST(laterStartingRowWinsAnOverlap);
    CPPUNIT_TEST(unsortedMixedFilesAndHeader);
    CPPUNIT_TEST(topOfTheAddressSpace);
    CPPUNIT_TEST(badRowsNameFileAndLine);
    CPPUNIT_TEST(csvRecordSplitting);
    CPPUNIT_TEST_SUITE_END();

    AsnTable table{{dataFixture("asn-ipv4.csv"), dataFixture("asn-ipv6.csv")}};

    uint32_t asnOf(const AsnTable& t, const char* address) {
        auto m = t.find(*IpAddress::parse(address));
        return m ? m->asn : 0;
    }
    uint32_t asnOf(const char* address) { return asnOf(table, address); }

public:
    void firstAndLastAddressOfARange() {
        CPPUNIT_ASSERT_EQUAL(7922u, asnOf("24.0.0.0"));
        CPPUNIT_ASSERT_EQUAL(7922u, asnOf("24.23.255.255"));
        CPPUNIT_ASSERT_EQUAL(7922u, asnOf("24.11.12.13"));
        CPPUNIT_ASSERT_EQUAL(15169u, asnOf("8.8.8.0"));
        CPPUNIT_ASSERT_EQUAL(15169u, asnOf("8.8.8.255"));
        CPPUNIT_ASSERT_EQUAL(13335u, asnOf("1.1.1.0"));         // the very first row
        CPPUNIT_ASSERT_EQUAL(21928u, asnOf("172.63.255.255"));  // the very last IPv4 row
    }

    void gapsBetweenRangesHaveNoAs() {
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("8.8.7.255"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("8.8.9.0"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("24.24.0.0"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("1.1.0.255"));  // before the first row
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("0.0.0.0"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("172.64.0.0"));  // after the last row
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("255.255.255.255"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("9.9.9.9"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("2001:4861::"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("::"));
    }

    void ipv6RangesAndNonCanonicalText() {
        CPPUNIT_ASSERT_EQUAL(6939u, asnOf("2001::"));
        CPPUNIT_ASSERT_EQUAL(6939u,
                             asnOf("2001:0:ffff:ffff:ffff:ffff:ffff:ffff"));  // written "2001::ffff:…" in the file
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("2001:1::"));
        CPPUNIT_ASSERT_EQUAL(15169u, asnOf("2001:4860:4860::8888"));
        CPPUNIT_ASSERT_EQUAL(15169u, asnOf("2001:4860:ffff:ffff:ffff:ffff:ffff:ffff"));
        CPPUNIT_ASSERT_EQUAL(12306u, asnOf("2a02:2e0::1"));
        // The families never mix: ::ffff:8.8.8.8 is not 8.8.8.8 here.
        CPPUNIT_ASSERT_EQUAL(0u, asnOf("::ffff:8.8.8.8"));
        CPPUNIT_ASSERT_EQUAL(size_t(12), table.ranges());
    }

    void quotedNamesAreUnescapedAndShared() {
        CPPUNIT_ASSERT_EQUAL(std::string("Cloudflare, Inc."),
                             std::string(table.find(*IpAddress::parse("1.1.1.1"))->name));
        CPPUNIT_ASSERT_EQUAL(std::string("LLC \"SPUTNIK\""),
                             std::string(table.find(*IpAddress::parse("2.26.200.1"))->name));
        CPPUNIT_ASSERT_EQUAL(std::string("Université de Maroua - Université de Maroua"),
                             std::string(table.find(*IpAddress::parse("2001:43fc:a000::1"))->name));
        // Google LLC appears in both files and is stored once.
        const auto v4 = table.find(*IpAddress::parse("8.8.8.8")), v6 = table.find(*IpAddress::parse("2001:4860::1"));
        CPPUNIT_ASSERT_EQUAL(v4->name_index, v6->name_index);
        CPPUNIT_ASSERT_EQUAL(size_t(11), table.namePool().size());
        CPPUNIT_ASSERT(table.bytes() > 0);
        CPPUNIT_ASSERT(table.loadMs() >= 0);
    }

    void laterStartingRowWinsAnOverlap() {
        // The real file's pair: 214.95.0.0-215.0.255.255 (749) and 215.0.0.0-215.1.3.255 (721);
        // plus a row nested inside another, which splits it in three.
        ScratchFile f(
            "214.95.0.0,215.0.255.255,749,DoD\n"
            "215.0.0.0,215.1.3.255,721,DoD NIC\n"
            "10.0.0.0,10.255.255.255,1,Outer\n"
            "10.1.0.0,10.1.255.255,2,Inner\n",
            ".csv");
        AsnTable t({f.path()});
        CPPUNIT_ASSERT_EQUAL(749u, asnOf(t, "214.255.255.255"));
        CPPUNIT_ASSERT_EQUAL(721u, asnOf(t, "215.0.0.0"));
        CPPUNIT_ASSERT_EQUAL(721u, asnOf(t, "215.0.255.255"));
        CPPUNIT_ASSERT_EQUAL(721u, asnOf(t, "215.1.3.255"));
        CPPUNIT_ASSERT_EQUAL(1u, asnOf(t, "10.0.255.255"));
        CPPUNIT_ASSERT_EQUAL(2u, asnOf(t, "10.1.0.0"));
        CPPUNIT_ASSERT_EQUAL(2u, asnOf(t, "10.1.255.255"));
        CPPUNIT_ASSERT_EQUAL(1u, asnOf(t, "10.2.0.0"));
        CPPUNIT_ASSERT_EQUAL(1u, asnOf(t, "10.255.255.255"));
        CPPUNIT_ASSERT_EQUAL(size_t(5), t.ranges());
    }

    void unsortedMixedFilesAndHeader() {
        ScratchFile f(
            "ip_range_start,ip_range_end,autonomous_system_number,autonomous_system_organization\r\n"
            "9.0.0.0,9.0.0.255,30,Nine\r\n"
            "2001:db8::,2001:db8::ffff,40,Doc\r\n"
            "\r\n"
            "5.0.0.0,5.0.0.255,AS50,Five\r\n",
            ".csv");
        AsnTable t({f.path()});
        CPPUNIT_ASSERT_EQUAL(30u, asnOf(t, "9.0.0.1"));
        CPPUNIT_ASSERT_EQUAL(50u, asnOf(t, "5.0.0.255"));
        CPPUNIT_ASSERT_EQUAL(40u, asnOf(t, "2001:db8::ffff"));
        CPPUNIT_ASSERT_EQUAL(std::string("Five"), std::string(t.find(*IpAddress::parse("5.0.0.1"))->name));
    }

    void topOfTheAddressSpace() {
        ScratchFile f(
            "255.255.255.0,255.255.255.255,7,Top\nffff::,ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,8,Top6\n"
            "0.0.0.0,0.0.0.0,9,Bottom\n",
            ".csv");
        AsnTable t({f.path()});
        CPPUNIT_ASSERT_EQUAL(7u, asnOf(t, "255.255.255.255"));
        CPPUNIT_ASSERT_EQUAL(8u, asnOf(t, "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"));
        CPPUNIT_ASSERT_EQUAL(9u, asnOf(t, "0.0.0.0"));
        CPPUNIT_ASSERT_EQUAL(0u, asnOf(t, "0.0.0.1"));
        AsnTable empty({});
        CPPUNIT_ASSERT(!empty.find(*IpAddress::parse("8.8.8.8")));
        CPPUNIT_ASSERT(!empty.find(*IpAddress::parse("2001:db8::1")));
    }

    void badRowsNameFileAndLine() {
        const std::pair<const char*, const char*> cases[] = {
            {"1.0.0.0,1.0.0.255,1,A\n1.0.1.0,1.0.1.300,2,B\n", ":2: `1.0.1.300` is not an IP address"},
            {"1.0.0.0,1.0.0.255,1,A\n1.0.1.0,::1,2,B\n", ":2: range mixes IPv4 and IPv6"},
            {"1.0.0.0,1.0.0.255,1,A\n1.0.1.0,1.0.0.0,2,B\n", ":2: range ends before it starts"},
            {"1.0.0.0,1.0.0.255,x1,A\n", ":1: `x1` is not an AS number"},
            {"1.0.0.0,1.0.0.255,4294967296,A\n", ":1: `4294967296` is not an AS number"},
            {"1.0.0.0,1.0.0.255,1,A\n\n1.0.1.0,1.0.1.255,2,\"B\n", ":3: unbalanced quotes"},
            {"1.0.0.0,1.0.0.255\n", "expected start_ip,end_ip,asn"},
        };
        for (const auto& [text, expected] : cases) {
            ScratchFile f(text, ".csv");
            const std::string e = errorOf([&] { AsnTable t({f.path()}); });
            CPPUNIT_ASSERT_MESSAGE(e, e.find(f.path()) == 0 && e.find(expected) != std::string::npos);
        }
        const std::string e = errorOf([] { AsnTable t({"/nonexistent/asn.csv"}); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find("/nonexistent/asn.csv: cannot open") == 0);
    }

    void csvRecordSplitting() {
        std::vector<std::string> f;
        CPPUNIT_ASSERT(splitCsvRecord("a,\"b, c\",\"d \"\"e\"\"\",", f));
        CPPUNIT_ASSERT_EQUAL(size_t(4), f.size());
        CPPUNIT_ASSERT_EQUAL(std::string("b, c"), f[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("d \"e\""), f[2]);
        CPPUNIT_ASSERT_EQUAL(std::string(""), f[3]);
        CPPUNIT_ASSERT(splitCsvRecord("one", f));
        CPPUNIT_ASSERT_EQUAL(size_t(1), f.size());
        CPPUNIT_ASSERT(!splitCsvRecord("\"open", f));
        CPPUNIT_ASSERT(!splitCsvRecord("\"x\"y,z", f));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(AsnTableTest);
