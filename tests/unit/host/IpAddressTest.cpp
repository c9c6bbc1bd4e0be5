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
    CPPUNIT_TEST(mappedAddressesUnmap);
    CPPUNIT_TEST(callerBlocksCutIpv6Only);
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
    void mappedAddressesUnmap() {
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8"), IpAddress::parse("::ffff:8.8.8.8")->unmapped().toString());
        CPPUNIT_ASSERT(IpAddress::parse("::ffff:8.8.8.8")->unmapped().isV4());
        CPPUNIT_ASSERT_EQUAL(std::string("64:ff9b::808:808"), IpAddress::parse("64:ff9b::8.8.8.8")->unmapped().toString());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), IpAddress::parse("2001:db8::1")->unmapped().toString());
    }
    void callerBlocksCutIpv6Only() {
        auto a = *IpAddress::parse("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:1:2::"), a.callerBlock(64).toString());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:1::"), a.callerBlock(48).toString());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:1:2:aa80::"), a.callerBlock(73).toString());
        CPPUNIT_ASSERT(a.callerBlock(128) == a);
        CPPUNIT_ASSERT(IpAddress::parse("2001:db8:1:2::9")->callerBlock(64) == a.callerBlock(64));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.77"), IpAddress::parse("192.0.2.77")->callerBlock(64).toString());
    }
    void cidrContainment() {
        auto r = *CidrRange::parse("10.0.0.0/9");
        CPPUNIT_ASSERT(r.contains(*IpAddress::parse("10.127.255.255")));
        CPPUNIT_ASSERT(!r.contains(*IpAddress::parse("10.128.0.0")));
        // An IPv4-mapped address is judged by the IPv4 address it carries, and a
        // block written in mapped form is an IPv4 block.
        CPPUNIT_ASSERT(r.contains(*IpAddress::parse("::ffff:10.0.0.1")));
        CPPUNIT_ASSERT(!r.contains(*IpAddress::parse("::ffff:10.128.0.1")));
        CPPUNIT_ASSERT(CidrRange::parse("::ffff:10.0.0.0/104")->contains(*IpAddress::parse("10.1.2.3")));
        CPPUNIT_ASSERT(!CidrRange::parse("::ffff:10.0.0.0/104")->contains(*IpAddress::parse("11.1.2.3")));
        CPPUNIT_ASSERT(!r.contains(*IpAddress::parse("::a00:1")));  // IPv4-compatible is not mapped
        CPPUNIT_ASSERT(CidrRange::parse("2001:db8::/32")->contains(*IpAddress::parse("2001:db8:ffff::1")));
        CPPUNIT_ASSERT(CidrRange::parse("192.0.2.7")->contains(*IpAddress::parse("192.0.2.7")));
        CPPUNIT_ASSERT(!CidrRange::parse("192.0.2.0/33"));
        CPPUNIT_ASSERT(!CidrRange::parse("192.0.2.0/"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(IpAddressTest);
