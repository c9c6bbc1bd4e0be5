// Reversed names (RFC 5782 2.1, 2.4): octets for IPv4, 32 nibbles for IPv6.
#include "ReversedName.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dnsbl {

class ReversedNameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ReversedNameTest);
    CPPUNIT_TEST(ipv4IsReversedOctets);
    CPPUNIT_TEST(ipv6IsReversedNibbles);
    CPPUNIT_TEST(rfc5782TestPointsAreAskedAsWritten);
    CPPUNIT_TEST_SUITE_END();

public:
    void ipv4IsReversedOctets() {
        CPPUNIT_ASSERT_EQUAL(std::string("99.2.0.192.bl.example"),
                             reversedName(*parseAddress("192.0.2.99"), "bl.example"));
        CPPUNIT_ASSERT_EQUAL(std::string("2.0.0.127"), reversedLabels(*parseAddress("127.0.0.2")));
    }
    void ipv6IsReversedNibbles() {
        // RFC 5782 2.4's example: 2001:db8:1:2:3:4:567:89ab.
        CPPUNIT_ASSERT_EQUAL(
            std::string("b.a.9.8.7.6.5.0.4.0.0.0.3.0.0.0.2.0.0.0.1.0.0.0.8.b.d.0.1.0.0.2.ugly.example"),
            reversedName(*parseAddress("2001:DB8:1:2:3:4:567:89AB"), "ugly.example"));
    }
    void rfc5782TestPointsAreAskedAsWritten() {
        // ::FFFF:7F00:2 is asked as an IPv6 name, not unmapped to 127.0.0.2.
        CPPUNIT_ASSERT_EQUAL(std::string("2.0.0.0.0.0.f.7.f.f.f.f.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0"),
                             reversedLabels(*parseAddress("::FFFF:7F00:2")));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReversedNameTest);

}  // namespace ipfacts::dnsbl
