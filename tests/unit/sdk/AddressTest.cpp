// ipfacts/address.hpp: parsing, byte-wise equality, canonical text,
// unmapping and arpa names (the cases the reverse, dns and ip plugins
// each tested against their own copies before).
#include <ipfacts/address.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts {
namespace {

Address parsed(const char* text) {
    std::optional<Address> a = parseAddress(text);
    CPPUNIT_ASSERT_MESSAGE(text, a.has_value());
    return *a;
}

const std::string kV6Arpa = "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa";

}  // namespace

class AddressTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AddressTest);
    CPPUNIT_TEST(parsesBothFamilies);
    CPPUNIT_TEST(refusesAnythingElse);
    CPPUNIT_TEST(acceptsTheLongestLiteral);
    CPPUNIT_TEST(comparesAsBytes);
    CPPUNIT_TEST(printsCanonically);
    CPPUNIT_TEST(unmapsMappedIpv4Only);
    CPPUNIT_TEST(buildsInAddrArpa);
    CPPUNIT_TEST(buildsIp6Arpa);
    CPPUNIT_TEST(arpaNameOfLiterals);
    CPPUNIT_TEST_SUITE_END();

public:
    void parsesBothFamilies() {
        CPPUNIT_ASSERT_EQUAL(4, parsed("192.0.2.1").version);
        CPPUNIT_ASSERT_EQUAL(size_t(4), parsed("192.0.2.1").size());
        CPPUNIT_ASSERT_EQUAL(6, parsed("2001:db8::1").version);
        CPPUNIT_ASSERT_EQUAL(size_t(16), parsed("2001:db8::1").size());
        CPPUNIT_ASSERT_EQUAL(6, parsed("::ffff:192.0.2.1").version);
        CPPUNIT_ASSERT_EQUAL(6, parsed("::").version);
        CPPUNIT_ASSERT_EQUAL(4, parsed("0.0.0.0").version);
    }

    void refusesAnythingElse() {
        for (const char* text :
             {"", "example.test", "192.0.2", "192.0.2.256", "192.0.2.1.", "192.0.2.01", "127.1", "192.0.2.1/32",
              "192.0.2.0/24", "2001:db8::/32", "fe80::1%eth0", "[2001:db8::1]", "[::1]", " 192.0.2.1", "192.0.2.1 ",
              "2001:db8::1::2", "0x7f.0.0.1", "gggg::1", "1:2:3:4:5:6:7:8:9"})
            CPPUNIT_ASSERT_MESSAGE(text, !parseAddress(text));
        CPPUNIT_ASSERT(!parseAddress(std::string(100, '1')));
        // inet_pton would stop at the NUL and accept what came before it.
        CPPUNIT_ASSERT(!parseAddress(std::string_view("192.0.2.1\0x", 11)));
        CPPUNIT_ASSERT(!parseAddress(std::string_view("::1\0", 4)));
    }

    void acceptsTheLongestLiteral() {
        const std::string longest = "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255";
        CPPUNIT_ASSERT_EQUAL(kMaxAddressLiteralBytes, longest.size());
        CPPUNIT_ASSERT(parseAddress(longest));
        CPPUNIT_ASSERT(!parseAddress("0" + longest));
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
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), parsed("2001:0DB8:0:0:0:0:0:1").text());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:0:1:1:1:1:1"), parsed("2001:db8::1:1:1:1:1").text());
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), parsed("::1").text());
        CPPUNIT_ASSERT_EQUAL(std::string("::ffff:192.0.2.1"), parsed("::FFFF:192.0.2.1").text());
    }

    void unmapsMappedIpv4Only() {
        CPPUNIT_ASSERT(isIpv4Mapped(parsed("::ffff:192.0.2.1")));
        CPPUNIT_ASSERT(!isIpv4Mapped(parsed("::192.0.2.1")));
        CPPUNIT_ASSERT(unmapped(parsed("::ffff:192.0.2.1")) == parsed("192.0.2.1"));
        CPPUNIT_ASSERT(unmapped(parsed("::FFFF:c000:0201")) == parsed("192.0.2.1"));
        CPPUNIT_ASSERT(unmapped(parsed("::192.0.2.1")) == parsed("::192.0.2.1"));  // IPv4-compatible stays v6
        CPPUNIT_ASSERT(unmapped(parsed("2001:db8::1")) == parsed("2001:db8::1"));
        CPPUNIT_ASSERT(unmapped(parsed("192.0.2.1")) == parsed("192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), unmapped(parsed("::ffff:192.0.2.1")).text());
    }

    void buildsInAddrArpa() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), arpaName(parsed("192.0.2.1")));
        CPPUNIT_ASSERT_EQUAL(std::string("255.0.0.10.in-addr.arpa"), arpaName(parsed("10.0.0.255")));
        CPPUNIT_ASSERT_EQUAL(std::string("0.0.0.0.in-addr.arpa"), arpaName(parsed("0.0.0.0")));
    }

    void buildsIp6Arpa() {
        CPPUNIT_ASSERT_EQUAL(kV6Arpa, arpaName(parsed("2001:DB8::1")));
        CPPUNIT_ASSERT_EQUAL(std::string("f.e.d.c.b.a.9.8.7.6.5.4.3.2.1.0.f.e.d.c.b.a.9.8.7.6.5.4.3.2.1.0.ip6.arpa"),
                             arpaName(parsed("0123:4567:89AB:CDEF:0123:4567:89ab:cdef")));
        CPPUNIT_ASSERT_EQUAL(size_t(32 * 2 + 8), arpaName(parsed("::")).size());
        // Taken as it is: a mapped address not unmapped first keeps its ip6.arpa name.
        CPPUNIT_ASSERT(arpaName(parsed("::ffff:192.0.2.1")).find("ip6.arpa") != std::string::npos);
    }

    void arpaNameOfLiterals() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), arpaNameOf("192.0.2.1").value());
        CPPUNIT_ASSERT_EQUAL(kV6Arpa, arpaNameOf("2001:db8::1").value());
        // An IPv4-mapped address's PTR records live under the IPv4 address's name.
        CPPUNIT_ASSERT_EQUAL(std::string("7.113.0.203.in-addr.arpa"), arpaNameOf("::ffff:203.0.113.7").value());
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), arpaNameOf("::ffff:192.0.2.1").value());
        for (const char* text : {"", "example.test", "192.0.2", "192.0.2.1.", "192.0.2.01", "fe80::1%eth0", "[::1]",
                                 "192.0.2.0/24", "2001:db8::/32"})
            CPPUNIT_ASSERT_MESSAGE(text, !arpaNameOf(text));
        CPPUNIT_ASSERT(!arpaNameOf(std::string_view("192.0.2.1\0x", 11)));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AddressTest);

}  // namespace ipfacts
