// Address parsing, byte-wise equality, canonical text and arpa names.
#include "ArpaName.h"
#include "IpAddress.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::reverse {
namespace {

IpAddress parsed(const char* text) {
    std::optional<IpAddress> a = parseIpAddress(text);
    CPPUNIT_ASSERT_MESSAGE(text, a.has_value());
    return *a;
}

const std::string kV6Arpa = "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa";

}  // namespace

class AddressTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AddressTest);
    CPPUNIT_TEST(parsesBothFamilies);
    CPPUNIT_TEST(refusesAnythingElse);
    CPPUNIT_TEST(comparesAsBytes);
    CPPUNIT_TEST(printsCanonically);
    CPPUNIT_TEST(unmapsMappedIpv4Only);
    CPPUNIT_TEST(buildsInAddrArpa);
    CPPUNIT_TEST(buildsIp6Arpa);
    CPPUNIT_TEST(mappedAddressUsesInAddrArpa);
    CPPUNIT_TEST_SUITE_END();

public:
    void parsesBothFamilies() {
        CPPUNIT_ASSERT_EQUAL(4, parsed("192.0.2.1").version);
        CPPUNIT_ASSERT_EQUAL(6, parsed("2001:db8::1").version);
        CPPUNIT_ASSERT_EQUAL(6, parsed("::ffff:192.0.2.1").version);
        CPPUNIT_ASSERT_EQUAL(6, parsed("::").version);
    }

    void refusesAnythingElse() {
        for (const char* text :
             {"", "example.test", "192.0.2", "192.0.2.256", "192.0.2.1.", "192.0.2.1/32", "2001:db8::/32",
              "fe80::1%eth0", "[2001:db8::1]", " 192.0.2.1", "2001:db8::1::2", "0x7f.0.0.1"})
            CPPUNIT_ASSERT_MESSAGE(text, !parseIpAddress(text));
        CPPUNIT_ASSERT(!parseIpAddress(std::string(100, '1')));
        CPPUNIT_ASSERT(!parseIpAddress(std::string("192.0.2.1\0x", 11)));
    }

    void comparesAsBytes() {
        CPPUNIT_ASSERT(parsed("2001:DB8::0010") == parsed("2001:db8::10"));
        CPPUNIT_ASSERT(parsed("2001:db8:0:0:0:0:0:10") == parsed("2001:db8::10"));
        CPPUNIT_ASSERT(parsed("2001:db8::10") != parsed("2001:db8::1"));
        // Different families never match, even when the IPv6 one maps the IPv4 one.
        CPPUNIT_ASSERT(parsed("::ffff:192.0.2.1") != parsed("192.0.2.1"));
        CPPUNIT_ASSERT(parsed("0.0.0.0") != parsed("::"));
    }

    void printsCanonically() {
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::10"), parsed("2001:DB8:0000::0010").text());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), parsed("192.0.2.1").text());
    }

    void unmapsMappedIpv4Only() {
        CPPUNIT_ASSERT(unmapped(parsed("::ffff:192.0.2.1")) == parsed("192.0.2.1"));
        CPPUNIT_ASSERT(unmapped(parsed("::FFFF:c000:0201")) == parsed("192.0.2.1"));
        CPPUNIT_ASSERT(unmapped(parsed("::192.0.2.1")) == parsed("::192.0.2.1"));  // IPv4-compatible stays v6
        CPPUNIT_ASSERT(unmapped(parsed("2001:db8::1")) == parsed("2001:db8::1"));
        CPPUNIT_ASSERT(unmapped(parsed("192.0.2.1")) == parsed("192.0.2.1"));
    }

    void buildsInAddrArpa() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), arpaName(parsed("192.0.2.1")));
        CPPUNIT_ASSERT_EQUAL(std::string("255.0.0.10.in-addr.arpa"), arpaName(parsed("10.0.0.255")));
    }

    void buildsIp6Arpa() {
        CPPUNIT_ASSERT_EQUAL(kV6Arpa, arpaName(parsed("2001:DB8::1")));
        CPPUNIT_ASSERT_EQUAL(size_t(32 * 2 + 8), arpaName(parsed("::")).size());
    }

    void mappedAddressUsesInAddrArpa() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), arpaName(unmapped(parsed("::ffff:192.0.2.1"))));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AddressTest);

}  // namespace ipfacts::reverse
