// /api/v1/dns against real resolvers on loopback: unbound "alpha" and "beta"
// over DoH (beta disagrees on one name), and "silent", a listener that never
// answers. Zones: tests/dns/README.md.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

#include <future>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

Object::Ptr dns(const std::string& name, const std::string& type = "") {
    auto r = get("/api/v1/dns?name=" + urlEncode(name) + (type.empty() ? "" : "&type=" + type));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    // The suite's "silent" resolver fails every question: a failed part, which no
    // cache may keep (ResponseCacheTest shows the same question kept without it).
    CPPUNIT_ASSERT_EQUAL(std::string("no-store"), *r.header("Cache-Control"));
    return parseJson(r.body);
}

Object::Ptr answerOf(const Object::Ptr& body, const std::string& resolver) {
    auto answers = body->getArray("answers");
    for (size_t i = 0; i < answers->size(); ++i)
        if (answers->getObject(i)->getValue<std::string>("resolver") == resolver) return answers->getObject(i);
    CPPUNIT_FAIL("no answer from " + resolver);
    return nullptr;
}

/// The data of the answer's records, leaving out the RRSIGs a DO query brings.
std::vector<std::string> dataOf(const Object::Ptr& answer) {
    std::vector<std::string> out;
    auto records = answer->getArray("records");
    for (size_t i = 0; i < records->size(); ++i) {
        auto r = records->getObject(i);
        if (r->getValue<std::string>("type") != "RRSIG") out.push_back(r->getValue<std::string>("data"));
    }
    return out;
}

}  // namespace

class DnsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsTest);
    CPPUNIT_TEST(internationalNameGivesBothFormsAndOneAnswerPerResolver);
    CPPUNIT_TEST(silentResolverTimesOutAlone);
    CPPUNIT_TEST(disagreementIsReported);
    CPPUNIT_TEST(agreementIgnoresOrderAndTtl);
    CPPUNIT_TEST(signedZoneIsDnssec);
    CPPUNIT_TEST(nxdomainAndServfail);
    CPPUNIT_TEST(everyTypeIsAnswered);
    CPPUNIT_TEST(typeIsCaseInsensitive);
    CPPUNIT_TEST(ptrOfAnAddressQueriesItsReverseName);
    CPPUNIT_TEST(badInputIs400);
    CPPUNIT_TEST_SUITE_END();

public:
    void internationalNameGivesBothFormsAndOneAnswerPerResolver() {
        auto body = dns("bücher.example", "MX");
        CPPUNIT_ASSERT_EQUAL(std::string("bücher.example"), body->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), body->getValue<std::string>("ascii_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("MX"), body->getValue<std::string>("type"));
        auto answers = body->getArray("answers");
        CPPUNIT_ASSERT_EQUAL(size_t(3), answers->size());
        CPPUNIT_ASSERT_EQUAL(std::string("alpha"), answers->getObject(0)->getValue<std::string>("resolver"));
        CPPUNIT_ASSERT_EQUAL(std::string("beta"), answers->getObject(1)->getValue<std::string>("resolver"));
        for (const char* r : {"alpha", "beta"}) {
            auto a = answerOf(body, r);
            CPPUNIT_ASSERT_EQUAL(0, a->getValue<int>("status"));
            CPPUNIT_ASSERT(a->get("error").isEmpty());
            auto rec = a->getArray("records")->getObject(0);
            CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example."), rec->getValue<std::string>("name"));
            CPPUNIT_ASSERT_EQUAL(std::string("MX"), rec->getValue<std::string>("type"));
            CPPUNIT_ASSERT(rec->getValue<int>("ttl") > 0 && rec->getValue<int>("ttl") <= 300);
            CPPUNIT_ASSERT_EQUAL(std::string("10 mx.xn--bcher-kva.example."), rec->getValue<std::string>("data"));
        }
        CPPUNIT_ASSERT(body->getValue<bool>("agree"));
    }

    void silentResolverTimesOutAlone() {
        auto silent = answerOf(dns("www.example.test"), "silent");
        CPPUNIT_ASSERT(silent->get("status").isEmpty());
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 1000 ms"), silent->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(size_t(0), silent->getArray("records")->size());
    }

    void disagreementIsReported() {
        auto body = dns("differs.example.test", "A");
        CPPUNIT_ASSERT(!body->getValue<bool>("agree"));
        CPPUNIT_ASSERT(dataOf(answerOf(body, "alpha")) == std::vector<std::string>{"192.0.2.100"});
        CPPUNIT_ASSERT(dataOf(answerOf(body, "beta")) == std::vector<std::string>{"192.0.2.200"});
    }

    void agreementIgnoresOrderAndTtl() {
        auto body = dns("example.test", "MX");
        CPPUNIT_ASSERT(body->getValue<bool>("agree"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), dataOf(answerOf(body, "alpha")).size());
        CPPUNIT_ASSERT(!body->getValue<bool>("dnssec"));  // example.test is unsigned
        CPPUNIT_ASSERT(!answerOf(body, "alpha")->getValue<bool>("ad"));
    }

    void signedZoneIsDnssec() {
        auto body = dns("signed.test", "A");
        CPPUNIT_ASSERT(body->getValue<bool>("dnssec"));
        CPPUNIT_ASSERT(answerOf(body, "alpha")->getValue<bool>("ad"));
        CPPUNIT_ASSERT(answerOf(body, "beta")->getValue<bool>("ad"));
        CPPUNIT_ASSERT(dataOf(answerOf(body, "alpha")) == std::vector<std::string>{"192.0.2.77"});
        // The signatures come along, as the answer section carries them.
        auto records = answerOf(body, "alpha")->getArray("records");
        CPPUNIT_ASSERT_EQUAL(std::string("RRSIG"),
                             records->getObject(records->size() - 1)->getValue<std::string>("type"));
    }

    void nxdomainAndServfail() {
        auto nx = dns("nonexistent.example.test");
        CPPUNIT_ASSERT_EQUAL(3, answerOf(nx, "alpha")->getValue<int>("status"));
        CPPUNIT_ASSERT_EQUAL(3, answerOf(nx, "beta")->getValue<int>("status"));
        CPPUNIT_ASSERT(nx->getValue<bool>("agree"));
        // An empty answer says why in its own row: `status` (3 NXDOMAIN, 0 with
        // no records NODATA) or `error`; no top-level reason repeats it.
        CPPUNIT_ASSERT_EQUAL(size_t(0), answerOf(nx, "alpha")->getArray("records")->size());
        CPPUNIT_ASSERT(answerOf(nx, "alpha")->get("error").isEmpty());
        CPPUNIT_ASSERT(!nx->has("reasons"));
        auto sf = dns("www.broken.test");
        CPPUNIT_ASSERT_EQUAL(2, answerOf(sf, "alpha")->getValue<int>("status"));
    }

    void everyTypeIsAnswered() {
        const std::vector<std::pair<std::string, std::string>> cases{
            {"A", "www.example.test"},   {"AAAA", "www.example.test"},
            {"MX", "example.test"},      {"TXT", "example.test"},
            {"NS", "example.test"},      {"SOA", "example.test"},
            {"CAA", "example.test"},     {"SRV", "_sip._tcp.example.test"},
            {"PTR", "ptr.example.test"}, {"DNSKEY", "signed.test"},
            {"DS", "child.signed.test"}};
        std::vector<std::future<Object::Ptr>> replies;
        for (const auto& [type, name] : cases)
            replies.push_back(std::async(std::launch::async, [type = type, name = name] { return dns(name, type); }));
        for (size_t i = 0; i < cases.size(); ++i) {
            auto body = replies[i].get();
            const auto& type = cases[i].first;
            auto alpha = answerOf(body, "alpha");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(type, 0, alpha->getValue<int>("status"));
            auto records = alpha->getArray("records");
            bool has_type = false;
            for (size_t k = 0; k < records->size(); ++k)
                has_type = has_type || records->getObject(k)->getValue<std::string>("type") == type;
            CPPUNIT_ASSERT_MESSAGE(type + " has no record of its type", has_type);
        }
    }

    void typeIsCaseInsensitive() {
        auto body = dns("www.example.test", "aaaa");
        CPPUNIT_ASSERT_EQUAL(std::string("AAAA"), body->getValue<std::string>("type"));
        CPPUNIT_ASSERT(dataOf(answerOf(body, "alpha")) == std::vector<std::string>{"2001:db8::1"});
    }

    void ptrOfAnAddressQueriesItsReverseName() {
        auto body = dns("192.0.2.10", "PTR");
        CPPUNIT_ASSERT(dataOf(answerOf(body, "alpha")) == std::vector<std::string>{"host.example.test."});
    }

    void badInputIs400() {
        auto token = [](const std::string& target) {
            auto r = get(target);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(target, 400, r.status);
            return parseJson(r.body)->getValue<std::string>("error");
        };
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), token("/api/v1/dns"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), token("/api/v1/dns?name="));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), token("/api/v1/dns?name=a.test&name=b.test"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_type"), token("/api/v1/dns?name=a.test&type=ANY"));
        auto listed = parseJson(get("/api/v1/dns?name=a.test&type=HINFO").body)->getValue<std::string>("message");
        CPPUNIT_ASSERT(listed.find("CAA") != std::string::npos && listed.find("DNSKEY") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_name"), token("/api/v1/dns?name=a..test"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_name"), token("/api/v1/dns?name=" + std::string(64, 'a') + ".test"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_name"), token("/api/v1/dns?name=bad%20name.test"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsTest);
