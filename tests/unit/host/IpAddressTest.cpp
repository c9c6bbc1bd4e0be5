#include "host/net/IpAddress.h"

#include <netinet/in.h>

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>

using namespace ipfacts::net;

class IpAddressTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(IpAddressTest);
    CPPUNIT_TEST(parsesAndFormats);
    CPPUNIT_TEST(refusesWhatIsNotAnAddress);
    CPPUNIT_TEST(mappedPeerBecomesIpv4);
    CPPUNIT_TEST(cidrContainment);
    CPPUNIT_TEST_SUITE_END();

public:
    void parsesAndFormats() {
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), IpAddress::parse("2001:0db8:0:0::1")->toString());
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), IpAddress::parse("[::1]")->toString());
        CPPUNIT_ASSERT(IpAddress::parse("192.0.2.1")->isV4());
    }
    void refusesWhatIsNotAnAddress() {
        for (const char* bad : {"", "1.2.3", "1.2.3.256", "fe80::1%eth0", "example.com", "::g", "[::1"})
            CPPUNIT_ASSERT_MESSAGE(bad, !IpAddress::parse(bad));
    }
    void mappedPeerBecomesIpv4() {
        sockaddr_in6 s{};
        s.sin6_family = AF_INET6;
        const uint8_t mapped[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 9};
        std::memcpy(&s.sin6_addr, mapped, 16);
        auto a = IpAddress::fromSockaddr(reinterpret_cast<sockaddr*>(&s));
        CPPUNIT_ASSERT(a->isV4());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.9"), a->toString());
    }
    void cidrContainment() {
        auto r = *CidrRange::parse("10.0.0.0/9");
        CPPUNIT_ASSERT(r.contains(*IpAddress::parse("10.127.255.255")));
        CPPUNIT_ASSERT(!r.contains(*IpAddress::parse("10.128.0.0")));
        CPPUNIT_ASSERT(!r.contains(*IpAddress::parse("::ffff:10.0.0.1")));  // families never mix
        CPPUNIT_ASSERT(CidrRange::parse("2001:db8::/32")->contains(*IpAddress::parse("2001:db8:ffff::1")));
        CPPUNIT_ASSERT(CidrRange::parse("192.0.2.7")->contains(*IpAddress::parse("192.0.2.7")));
        CPPUNIT_ASSERT(!CidrRange::parse("192.0.2.0/33"));
        CPPUNIT_ASSERT(!CidrRange::parse("192.0.2.0/"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(IpAddressTest);
