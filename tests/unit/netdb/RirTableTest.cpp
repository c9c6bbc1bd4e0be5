#include "host/facilities/netdb/RirTable.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;
using ipfacts::net::IpAddress;

class RirTableTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RirTableTest);
    CPPUNIT_TEST(ipv4SlashEights);
    CPPUNIT_TEST(ipv6MostSpecificAllocation);
    CPPUNIT_TEST(asnBlocksFillInForIana);
    CPPUNIT_TEST(malformedEntries);
    CPPUNIT_TEST_SUITE_END();

    RirTable table{etcFile("rir.yaml")};

    std::string rir(const char* address, std::optional<uint32_t> asn = std::nullopt) {
        return table.registryOf(*IpAddress::parse(address), asn);
    }

public:
    void ipv4SlashEights() {
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), rir("8.8.8.8"));
        CPPUNIT_ASSERT_EQUAL(std::string("APNIC"), rir("1.1.1.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), rir("81.2.69.160"));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), rir("25.0.0.1"));  // legacy, administered by RIPE NCC
        CPPUNIT_ASSERT_EQUAL(std::string("AFRINIC"), rir("41.0.0.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("LACNIC"), rir("200.1.1.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), rir("10.0.0.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), rir("255.255.255.255"));
    }

    void ipv6MostSpecificAllocation() {
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), rir("2a02:2e0::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), rir("2001:4860::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("APNIC"), rir("2001:200::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("LACNIC"), rir("2800::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("AFRINIC"), rir("2c0f:f000::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), rir("fe80::1"));
    }

    void asnBlocksFillInForIana() {
        // 2001::/23 is IANA's own block; an AS from RIPE's range names the registry.
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), rir("2001:4::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), rir("2001:4::1", 3333));
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), rir("2001:4::1", 1));
        // An AS IANA holds (private use) changes nothing.
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), rir("2001:4::1", 4200000000u));
        // A RIR allocation is not overridden by the AS.
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), rir("8.8.8.8", 3333));

        ScratchFile partial(
            "ipv4:\n  - { prefix: 8.0.0.0/8, rir: ARIN }\nasn:\n  - { first: 1, last: 99, rir: LACNIC }\n");
        RirTable t(partial.path());
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), t.registryOf(*IpAddress::parse("9.9.9.9"), std::nullopt));
        CPPUNIT_ASSERT_EQUAL(std::string("LACNIC"), t.registryOf(*IpAddress::parse("9.9.9.9"), 99u));
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), t.registryOf(*IpAddress::parse("9.9.9.9"), 100u));
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), t.registryOf(*IpAddress::parse("2001:db8::1"), std::nullopt));
    }

    void malformedEntries() {
        ScratchFile bad_rir("ipv4:\n  - { prefix: 8.0.0.0/8, rir: ARIN }\n  - { prefix: 9.0.0.0/8, rir: NIC }\n");
        std::string e = errorOf([&] { RirTable t(bad_rir.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_rir.path() + ":3:") == 0 && e.find("NIC") != std::string::npos);

        ScratchFile wrong_family("ipv6:\n  - { prefix: 8.0.0.0/8, rir: ARIN }\n");
        e = errorOf([&] { RirTable t(wrong_family.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(wrong_family.path() + ":2:") == 0);

        ScratchFile overlap("asn:\n  - { first: 1, last: 10, rir: ARIN }\n  - { first: 10, last: 20, rir: RIPE }\n");
        e = errorOf([&] { RirTable t(overlap.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find("overlap") != std::string::npos);

        ScratchFile backwards("asn:\n  - { first: 10, last: 1, rir: ARIN }\n");
        e = errorOf([&] { RirTable t(backwards.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(backwards.path() + ":2:") == 0);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RirTableTest);
