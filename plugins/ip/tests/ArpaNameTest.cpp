// The reverse names PTR questions are asked under.
#include "ArpaName.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ip {

class ArpaNameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ArpaNameTest);
    CPPUNIT_TEST(ipv4ReversesOctets);
    CPPUNIT_TEST(ipv6ReversesAllNibbles);
    CPPUNIT_TEST(ipv4MappedUsesInAddrArpa);
    CPPUNIT_TEST(nonLiteralsHaveNoName);
    CPPUNIT_TEST_SUITE_END();

public:
    void ipv4ReversesOctets() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), arpaName("192.0.2.1").value());
        CPPUNIT_ASSERT_EQUAL(std::string("0.0.0.0.in-addr.arpa"), arpaName("0.0.0.0").value());
    }

    void ipv6ReversesAllNibbles() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa"),
            arpaName("2001:db8::1").value());
        CPPUNIT_ASSERT_EQUAL(
            std::string("f.e.d.c.b.a.9.8.7.6.5.4.3.2.1.0.f.e.d.c.b.a.9.8.7.6.5.4.3.2.1.0.ip6.arpa"),
            arpaName("0123:4567:89AB:CDEF:0123:4567:89ab:cdef").value());
    }

    void ipv4MappedUsesInAddrArpa() {
        CPPUNIT_ASSERT_EQUAL(std::string("7.113.0.203.in-addr.arpa"), arpaName("::ffff:203.0.113.7").value());
    }

    void nonLiteralsHaveNoName() {
        CPPUNIT_ASSERT(!arpaName(""));
        CPPUNIT_ASSERT(!arpaName("example.com"));
        CPPUNIT_ASSERT(!arpaName("192.0.2"));
        CPPUNIT_ASSERT(!arpaName("192.0.2.01"));
        CPPUNIT_ASSERT(!arpaName("fe80::1%eth0"));
        CPPUNIT_ASSERT(!arpaName("[2001:db8::1]"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ArpaNameTest);

}  // namespace ipfacts::ip
