#include "host/net/IpAddress.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>
#include <string>

using namespace ipfacts::net;

class IpAddressTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(IpAddressTest);
    CPPUNIT_TEST(parsesAndFormats);
    CPPUNIT_TEST(refusesWhatIsNotAnAddress);
    CPPUNIT_TEST(mappedPeerBecomesIpv4);
    CPPUNIT_TEST(cidrContainment);
    CPPUNIT_TEST(mappedAddressesUnmap);
    CPPUNIT_TEST(callerBlocksCutIpv6Only);
    CPPUNIT_TEST(ipv4TextIsInetNtops);
    CPPUNIT_TEST(ipv4ParsingIsInetPtons);
    CPPUNIT_TEST_SUITE_END();

public:
    void parsesAndFormats() {
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), IpAddress::parse("2001:0db8:0:0::1")->toString());
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), IpAddress::parse("[::1]")->toString());
        CPPUNIT_ASSERT(IpAddress::parse("192.0.2.1")->isV4());
        CPPUNIT_ASSERT_EQUAL(std::string("0.0.0.0"), IpAddress::parse("0.0.0.0")->toString());
        CPPUNIT_ASSERT_EQUAL(std::string("255.255.255.255"), IpAddress::parse("255.255.255.255")->toString());
        CPPUNIT_ASSERT_EQUAL(std::string("10.0.100.9"), IpAddress::parse("10.0.100.9")->toString());
    }
    /// Dotted quads are read by hand: every text reads as inet_pton reads it
    /// (leading zeros, octets past 255, too few or many parts, stray dots).
    void ipv4ParsingIsInetPtons() {
        auto same = [](const std::string& text) {
            uint8_t expected[16] = {};
            const bool v4 = inet_pton(AF_INET, text.c_str(), expected) == 1;
            const bool v6 = !v4 && inet_pton(AF_INET6, text.c_str(), expected) == 1;
            auto a = IpAddress::parse(text);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(text, v4 || v6, a.has_value());
            if (!a) return;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(text, v4, a->isV4());
            CPPUNIT_ASSERT_MESSAGE(text, std::memcmp(expected, a->bytes(), a->size()) == 0);
        };
        for (const char* t :
             {"0.0.0.0",   "1.2.3.4",   "255.255.255.255", "256.1.1.1", "1.2.3.256",   "01.2.3.4", "1.2.3.04",
              "1.2.3.0",   "10.0.0.1",  "1.2.3",           "1.2.3.4.5", "1..3.4",      ".1.2.3",   "1.2.3.",
              "1.2.3.4.",  "1.2.3.4 ",  " 1.2.3.4",        "1.2.3.-4",  "1.2.3.4a",    "00.1.2.3", "1.2.3.1000",
              "999.1.1.1", "::1.2.3.4", "::ffff:1.2.3.4",  "1.2.3.4::", "2001:db8::1", "0",        "."})
            same(t);
        // Every text of up to 9 characters from "0129.:" would be too many; a
        // fixed sample of 20000 random ones covers the same ground.
        unsigned x = 12345;
        for (int i = 0; i < 20000; ++i) {
            std::string t;
            const int len = 1 + static_cast<int>((x = x * 1103515245u + 12345u) >> 16) % 16;
            for (int k = 0; k < len; ++k) t += "01259.:a"[((x = x * 1103515245u + 12345u) >> 16) % 8];
            same(t);
        }
    }
    /// IPv4 text is written by hand: every octet value, in every position,
    /// gives what inet_ntop gives.
    void ipv4TextIsInetNtops() {
        for (unsigned v = 0; v < 256; ++v)
            for (unsigned pos = 0; pos < 4; ++pos) {
                uint8_t b[4] = {1, 20, 255, 0};
                b[pos] = static_cast<uint8_t>(v);
                char expected[INET_ADDRSTRLEN];
                inet_ntop(AF_INET, b, expected, sizeof expected);
                auto a = IpAddress::parse(expected);
                CPPUNIT_ASSERT_MESSAGE(expected, a && a->isV4());
                CPPUNIT_ASSERT_EQUAL(std::string(expected), a->toString());
            }
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
        CPPUNIT_ASSERT_EQUAL(std::string("64:ff9b::808:808"),
                             IpAddress::parse("64:ff9b::8.8.8.8")->unmapped().toString());
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
