// Address literals to the names their PTR records live under.
#include "ReverseName.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dns {

class ReverseNameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ReverseNameTest);
    CPPUNIT_TEST(ipv4);
    CPPUNIT_TEST(ipv6);
    CPPUNIT_TEST(mappedIpv4);
    CPPUNIT_TEST(notLiterals);
    CPPUNIT_TEST_SUITE_END();

public:
    void ipv4() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), reverseNameOf("192.0.2.1").value());
        CPPUNIT_ASSERT_EQUAL(std::string("0.0.0.0.in-addr.arpa"), reverseNameOf("0.0.0.0").value());
    }

    void ipv6() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa"),
                             reverseNameOf("2001:DB8::1").value());
    }

    void mappedIpv4() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"), reverseNameOf("::ffff:192.0.2.1").value());
    }

    void notLiterals() {
        for (const char* text :
             {"", "example.test", "192.0.2", "192.0.2.1.", "fe80::1%eth0", "[::1]", "192.0.2.0/24", "2001:db8::/32"})
            CPPUNIT_ASSERT_MESSAGE(text, !reverseNameOf(text));
        CPPUNIT_ASSERT(!reverseNameOf(std::string_view("192.0.2.1\0x", 11)));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReverseNameTest);

}  // namespace ipfacts::dns
