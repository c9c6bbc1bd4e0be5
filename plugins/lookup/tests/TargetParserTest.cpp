// Which targets are looked up, in which form, and which are refused.
#include "TargetParser.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::lookup {
namespace {

std::string accepted(std::string_view raw, Target::Kind kind) {
    ParsedTarget p = parseTarget(raw);
    CPPUNIT_ASSERT_MESSAGE(std::string(raw) + ": " + p.problem, p.target.has_value());
    CPPUNIT_ASSERT_MESSAGE(std::string(raw), p.target->kind == kind);
    return p.target->text;
}

std::string refused(std::string_view raw) {
    ParsedTarget p = parseTarget(raw);
    CPPUNIT_ASSERT_MESSAGE(std::string(raw) + " was accepted", !p.target);
    CPPUNIT_ASSERT(!p.problem.empty());
    return p.problem;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class TargetParserTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TargetParserTest);
    CPPUNIT_TEST(ipv4Literal);
    CPPUNIT_TEST(ipv6LiteralIsCanonicalised);
    CPPUNIT_TEST(malformedAddresses);
    CPPUNIT_TEST(zoneIndexAndBrackets);
    CPPUNIT_TEST(asciiHostname);
    CPPUNIT_TEST(internationalisedHostname);
    CPPUNIT_TEST(invalidHostnames);
    CPPUNIT_TEST(lengthLimits);
    CPPUNIT_TEST(emptyAndControlCharacters);
    CPPUNIT_TEST_SUITE_END();

public:
    void ipv4Literal() {
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), accepted("192.0.2.1", Target::Kind::Address));
        CPPUNIT_ASSERT_EQUAL(std::string("0.0.0.0"), accepted("0.0.0.0", Target::Kind::Address));
    }

    void ipv6LiteralIsCanonicalised() {
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), accepted("2001:0DB8:0:0:0:0:0:1", Target::Kind::Address));
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:0:1:1:1:1:1"),
                             accepted("2001:db8::1:1:1:1:1", Target::Kind::Address));
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), accepted("::1", Target::Kind::Address));
        CPPUNIT_ASSERT_EQUAL(std::string("::ffff:192.0.2.1"), accepted("::FFFF:192.0.2.1", Target::Kind::Address));
    }

    void malformedAddresses() {
        for (std::string_view t : {"192.0.2", "192.0.2.256", "192.0.2.1.5", "192.0.2.01", "127.1", "1..2.3", "..."})
            CPPUNIT_ASSERT_MESSAGE(std::string(t), contains(refused(t), "IPv4"));
        for (std::string_view t : {"2001:db8::1::2", "2001:db8:::1", "12345::", ":", "gggg::1", "1:2:3:4:5:6:7:8:9"})
            CPPUNIT_ASSERT_MESSAGE(std::string(t), contains(refused(t), "IPv6"));
        // Digits that are not a dotted quad but carry a letter are names with an all-digit last label.
        CPPUNIT_ASSERT(contains(refused("0x7f.1"), "all digits"));
        CPPUNIT_ASSERT(contains(refused("192.0.2.1."), "IPv4"));
    }

    void zoneIndexAndBrackets() {
        CPPUNIT_ASSERT(contains(refused("fe80::1%eth0"), "zone index"));
        CPPUNIT_ASSERT(contains(refused("fe80::1%25eth0"), "zone index"));
        CPPUNIT_ASSERT(contains(refused("[2001:db8::1]"), "brackets"));
    }

    void asciiHostname() {
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), accepted("Example.COM", Target::Kind::Hostname));
        CPPUNIT_ASSERT_EQUAL(std::string("www.example.com"), accepted("www.example.com.", Target::Kind::Hostname));
        CPPUNIT_ASSERT_EQUAL(std::string("a-b.c9.example"), accepted("a-b.c9.example", Target::Kind::Hostname));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"),
                             accepted("xn--bcher-kva.example", Target::Kind::Hostname));
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.3.example"), accepted("1.2.3.example", Target::Kind::Hostname));
    }

    void internationalisedHostname() {
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), accepted("b\xC3\xBC"
                                                                            "cher.example",
                                                                            Target::Kind::Hostname));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), accepted("B\xC3\x9C"
                                                                            "CHER.example",
                                                                            Target::Kind::Hostname));
        // Non-transitional: the sharp s is kept, not mapped to "ss".
        CPPUNIT_ASSERT_EQUAL(std::string("xn--fa-hia.de"), accepted("fa\xC3\x9F.de", Target::Kind::Hostname));
        CPPUNIT_ASSERT(contains(refused("\xFF\xFE.example"), "internationalised"));
    }

    void invalidHostnames() {
        for (std::string_view t : {"exa_mple.com", "-example.com", "example-.com", "a..example", ".example.com",
                                   "localhost", "example.com..", "ex%ample.com", "example.com/x", "*.example.com"})
            CPPUNIT_ASSERT_MESSAGE(std::string(t), contains(refused(t), "host name"));
    }

    void lengthLimits() {
        const std::string label63(63, 'a');
        const std::string name253 = label63 + "." + label63 + "." + label63 + "." + std::string(61, 'b');
        CPPUNIT_ASSERT_EQUAL(size_t(253), name253.size());
        CPPUNIT_ASSERT_EQUAL(name253, accepted(name253, Target::Kind::Hostname));
        CPPUNIT_ASSERT_EQUAL(name253, accepted(name253 + ".", Target::Kind::Hostname));
        CPPUNIT_ASSERT(contains(refused(name253 + "b"), "253"));
        CPPUNIT_ASSERT(contains(refused(std::string(64, 'a') + ".example"), "63"));
        CPPUNIT_ASSERT(contains(refused(std::string(2000, 'a')), "1024"));
    }

    void emptyAndControlCharacters() {
        CPPUNIT_ASSERT(contains(refused(""), "empty"));
        CPPUNIT_ASSERT(contains(refused("exa mple.com"), "space"));
        CPPUNIT_ASSERT(contains(refused(std::string("example.com\0x", 13)), "control"));
        CPPUNIT_ASSERT(contains(refused("example.com\n"), "control"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TargetParserTest);

}  // namespace ipfacts::lookup
