// The query parameter: every accepted form in its canonical text and kind,
// and each refusal with its stable token.
#include "RdapQuery.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::rdap {
namespace {

RdapQuery ok(std::string_view v) {
    auto r = parseRdapQuery(v);
    if (auto* e = std::get_if<QueryError>(&r)) CPPUNIT_FAIL(std::string(v) + ": " + e->message);
    return std::get<RdapQuery>(r);
}

std::string token(std::string_view v) {
    auto r = parseRdapQuery(v);
    if (std::holds_alternative<RdapQuery>(r)) CPPUNIT_FAIL(std::string(v) + " was accepted");
    return std::get<QueryError>(r).token;
}

}  // namespace

class RdapQueryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RdapQueryTest);
    CPPUNIT_TEST(addresses);
    CPPUNIT_TEST(blocks);
    CPPUNIT_TEST(asNumbers);
    CPPUNIT_TEST(domains);
    CPPUNIT_TEST(refusals);
    CPPUNIT_TEST_SUITE_END();

public:
    void addresses() {
        RdapQuery q = ok("192.0.2.1");
        CPPUNIT_ASSERT(q.kind == QueryKind::Ip);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), q.text);
        CPPUNIT_ASSERT_EQUAL(-1, q.prefix);
        CPPUNIT_ASSERT_EQUAL(std::string("ip/192.0.2.1"), q.rdapPath());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), ok("2001:DB8:0::1").text);
        CPPUNIT_ASSERT_EQUAL(std::string("ip"), std::string(kindName(q.kind)));
    }
    void blocks() {
        RdapQuery q = ok("192.0.2.0/24");
        CPPUNIT_ASSERT_EQUAL(24, q.prefix);
        CPPUNIT_ASSERT_EQUAL(std::string("ip/192.0.2.0/24"), q.rdapPath());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::/32"), ok("2001:db8::/32").text);
        CPPUNIT_ASSERT_EQUAL(std::string("0.0.0.0/0"), ok("0.0.0.0/0").text);
    }
    void asNumbers() {
        CPPUNIT_ASSERT_EQUAL(std::string("AS15169"), ok("AS15169").text);
        CPPUNIT_ASSERT_EQUAL(std::string("AS15169"), ok("as15169").text);
        RdapQuery q = ok("15169");
        CPPUNIT_ASSERT(q.kind == QueryKind::Autnum);
        CPPUNIT_ASSERT_EQUAL(15169u, q.asn);
        CPPUNIT_ASSERT_EQUAL(std::string("autnum/15169"), q.rdapPath());
        CPPUNIT_ASSERT_EQUAL(4294967295u, ok("AS4294967295").asn);
    }
    void domains() {
        RdapQuery q = ok("Example.COM.");
        CPPUNIT_ASSERT(q.kind == QueryKind::Domain);
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), q.text);
        CPPUNIT_ASSERT_EQUAL(std::string("domain/example.com"), q.rdapPath());
        RdapQuery idn = ok("bücher.example");
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), idn.text);
        CPPUNIT_ASSERT_EQUAL(std::string("bücher.example"), idn.unicodeName);
    }
    void refusals() {
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), token(""));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), token(std::string(600, 'a')));
        for (const char* bad : {"192.0.2.1/24", "192.0.2.0/33", "192.0.2.0/024", "300.1.1.1/8", "AS4294967296", "AS012",
                                "https://example.com/", "user@example.com", "localhost", "exa mple.com",
                                "*.example.com", "-", "AS", "example.123", "2001:db8::1/129"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string("invalid_query"), token(bad));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RdapQueryTest);

}  // namespace ipfacts::rdap
