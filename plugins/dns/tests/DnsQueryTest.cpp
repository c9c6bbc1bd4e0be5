// The parameters of /api/v1/dns: each client mistake and its token.
#include "DnsQuery.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dns {
namespace {

using testing::FakeHost;
using Params = std::vector<std::pair<std::string, std::string>>;

std::variant<DnsQuery, QueryError> parse(Params params) {
    FakeHost fake;
    fake.query = std::move(params);
    return parseDnsQuery(fake.request());
}

DnsQuery accepted(Params params) {
    auto parsed = parse(std::move(params));
    if (auto* e = std::get_if<QueryError>(&parsed)) CPPUNIT_FAIL("refused: " + e->token + ": " + e->message);
    return std::get<DnsQuery>(parsed);
}

QueryError refused(Params params) {
    auto parsed = parse(std::move(params));
    if (auto* q = std::get_if<DnsQuery>(&parsed)) CPPUNIT_FAIL("accepted as " + q->asciiName + " " + q->type);
    return std::get<QueryError>(parsed);
}

void assertToken(const std::string& token, Params params) {
    const QueryError e = refused(std::move(params));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(e.message, token, e.token);
    CPPUNIT_ASSERT_EQUAL(400, e.status);
}

}  // namespace

class DnsQueryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsQueryTest);
    CPPUNIT_TEST(defaultsToA);
    CPPUNIT_TEST(typeIsCaseInsensitive);
    CPPUNIT_TEST(nameIsRequiredOnce);
    CPPUNIT_TEST(typeMustBeKnownAndSingle);
    CPPUNIT_TEST(invalidNamesAreInvalidName);
    CPPUNIT_TEST(ptrLiteralsBecomeReverseNames);
    CPPUNIT_TEST(keepsTheNameAsGiven);
    CPPUNIT_TEST_SUITE_END();

public:
    void defaultsToA() {
        const DnsQuery q = accepted({{"name", "Example.TEST."}});
        CPPUNIT_ASSERT_EQUAL(std::string("A"), q.type);
        CPPUNIT_ASSERT_EQUAL(std::string("example.test"), q.asciiName);
    }

    void typeIsCaseInsensitive() {
        CPPUNIT_ASSERT_EQUAL(std::string("AAAA"), accepted({{"name", "example.test"}, {"type", "aaaa"}}).type);
        CPPUNIT_ASSERT_EQUAL(std::string("DNSKEY"), accepted({{"type", "DnsKey"}, {"name", "example.test"}}).type);
        CPPUNIT_ASSERT_EQUAL(std::string("SRV"), accepted({{"name", "_sip._tcp.example.test"}, {"type", "srv"}}).type);
    }

    void nameIsRequiredOnce() {
        assertToken("invalid_parameter", {});
        assertToken("invalid_parameter", {{"name", ""}});
        assertToken("invalid_parameter", {{"type", "A"}});
        assertToken("invalid_parameter", {{"name", "a.test"}, {"name", "b.test"}});
        assertToken("invalid_parameter", {{"name", std::string(1025, 'a')}});
        assertToken("invalid_name", {{"name", std::string(1024, 'a')}});
    }

    void typeMustBeKnownAndSingle() {
        const QueryError e = refused({{"name", "example.test"}, {"type", "ANY"}});
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_type"), e.token);
        CPPUNIT_ASSERT_MESSAGE(
            e.message, e.message.find("A, AAAA, MX, TXT, NS, SOA, CAA, SRV, PTR, DNSKEY, DS") != std::string::npos);
        assertToken("invalid_type", {{"name", "example.test"}, {"type", ""}});
        assertToken("invalid_type", {{"name", "example.test"}, {"type", "CNAME"}});
        assertToken("invalid_parameter", {{"name", "example.test"}, {"type", "A"}, {"type", "MX"}});
    }

    void invalidNamesAreInvalidName() {
        assertToken("invalid_name", {{"name", "a..b"}});
        assertToken("invalid_name", {{"name", "😀.test"}});
        assertToken("invalid_name", {{"name", "2001:db8::1"}});  // a literal is a name only for PTR
        assertToken("invalid_name", {{"name", "2001:db8::1"}, {"type", "A"}});
    }

    void ptrLiteralsBecomeReverseNames() {
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"),
                             accepted({{"name", "192.0.2.1"}, {"type", "ptr"}}).asciiName);
        CPPUNIT_ASSERT_EQUAL(std::string("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa"),
                             accepted({{"name", "2001:db8::1"}, {"type", "PTR"}}).asciiName);
        // For other types an IPv4 literal is just a name made of digits.
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), accepted({{"name", "192.0.2.1"}}).asciiName);
        // A reverse name given as such is left alone.
        CPPUNIT_ASSERT_EQUAL(std::string("1.2.0.192.in-addr.arpa"),
                             accepted({{"name", "1.2.0.192.in-addr.arpa."}, {"type", "PTR"}}).asciiName);
    }

    void keepsTheNameAsGiven() {
        const DnsQuery q = accepted({{"name", "Bücher.example."}, {"type", "mx"}});
        CPPUNIT_ASSERT_EQUAL(std::string("Bücher.example."), q.name);
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), q.asciiName);
        CPPUNIT_ASSERT_EQUAL(std::string("MX"), q.type);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsQueryTest);

}  // namespace ipfacts::dns
