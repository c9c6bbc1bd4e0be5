// /api/v1/rdap against fake registries and WHOIS servers on 127.0.0.1
// (tests/rdap/fake_registries.py, the rdap_fakes fixture), reached through
// the host's guarded http facility and the connect facility's TCP exchange
// (the guard's allow list opens 127.0.0.1 in the test manifest only). Every
// body is validated against the served OpenAPI document.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

#include <chrono>
#include <thread>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

Object::Ptr okBody(const std::string& query) {
    HttpReply r = get("/api/v1/rdap?query=" + urlEncode(query));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(query + ": " + r.body, 200, r.status);
    return parseJson(r.body);
}

HttpReply errorReply(const std::string& query, int status, const std::string& token) {
    HttpReply r = get("/api/v1/rdap?query=" + urlEncode(query));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(query + ": " + r.body, status, r.status);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, token, parseJson(r.body)->getValue<std::string>("error"));
    return r;
}

/// How many requests the fake registry saw on paths starting with `prefix`.
int registryCount(const std::string& prefix) {
    const std::string port = Service::rdapFakePorts().at("RDAP_PORT");
    HttpClient c("127.0.0.1", std::stoi(port));
    HttpReply r = c.get("/_count?prefix=" + urlEncode(prefix));
    return parseJson(r.body)->getValue<int>("count");
}

std::string text(const Object::Ptr& o, const std::string& key) {
    return o->isNull(key) ? "(null)" : o->getValue<std::string>(key);
}

bool listHas(const Object::Ptr& o, const std::string& key, const std::string& value) {
    auto a = o->getArray(key);
    for (size_t i = 0; a && i < a->size(); ++i)
        if (a->getElement<std::string>(static_cast<unsigned>(i)) == value) return true;
    return false;
}

}  // namespace

class RdapTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RdapTest);
    CPPUNIT_TEST(addressGivesSummaryWithNestedAbuseAndIsCachedOnTheSecondCall);
    CPPUNIT_TEST(autnumAndIpv6WithRedactedContact);
    CPPUNIT_TEST(noRdapServiceIsAnsweredByWhois);
    CPPUNIT_TEST(thinRegistryMergesTheRegistrarWithProvenance);
    CPPUNIT_TEST(redirectToAnotherRegistryIsFollowed);
    CPPUNIT_TEST(redirectLoopEndsInAClearErrorWithinTheBudget);
    CPPUNIT_TEST(redirectToAPortNoRegistryUsesIsNotFollowed);
    CPPUNIT_TEST(registrarLinkToAPortNoRegistryUsesIsNotFollowed);
    CPPUNIT_TEST(spentRegistryBudgetAnswers503WhileCachedQueriesServe);
    CPPUNIT_TEST(registry404And429AndSlowServer);
    CPPUNIT_TEST(badQueriesAre400);
    CPPUNIT_TEST(registrarThatTimedOutKeepsTheAnswerOutOfCaches);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { Service::instance(); }

    void addressGivesSummaryWithNestedAbuseAndIsCachedOnTheSecondCall() {
        HttpReply first = get("/api/v1/rdap?query=192.0.2.1");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(first.body, 200, first.status);
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=3600"), first.header("Cache-Control").value_or(""));
        Object::Ptr b = parseJson(first.body);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), text(b, "query"));
        CPPUNIT_ASSERT_EQUAL(std::string("ip"), text(b, "kind"));
        CPPUNIT_ASSERT_EQUAL(false, b->getValue<bool>("cached"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.test"), text(b, "source"));
        Object::Ptr s = b->getObject("summary");
        CPPUNIT_ASSERT_EQUAL(std::string("rdap"), text(s, "source"));
        CPPUNIT_ASSERT(listHas(s, "cidr", "192.0.2.0/24"));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.net"), text(s, "abuse_email"));  // two entities down
        CPPUNIT_ASSERT_EQUAL(std::string("NET-192-0-2-0-1"), text(s, "handle"));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.0"), text(s, "start_address"));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.255"), text(s, "end_address"));
        CPPUNIT_ASSERT_EQUAL(std::string("2009-10-02T17:48:02Z"), text(s, "registered"));
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), text(s, "registry"));
        CPPUNIT_ASSERT_EQUAL(std::string("NET-192-0-2-0-1"), text(b->getObject("raw"), "handle"));
        CPPUNIT_ASSERT_EQUAL(1, registryCount("/arin/ip/192.0.2.1"));

        std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // a fresh stamp would differ now
        Object::Ptr again = okBody("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(true, again->getValue<bool>("cached"));
        // How old it is: checked_at stays when the registry answered.
        CPPUNIT_ASSERT_EQUAL(text(b, "checked_at"), text(again, "checked_at"));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.net"), text(again->getObject("summary"), "abuse_email"));
        CPPUNIT_ASSERT_EQUAL(1, registryCount("/arin/ip/192.0.2.1"));  // the registry was not asked again
    }

    void autnumAndIpv6WithRedactedContact() {
        Object::Ptr a = okBody("AS64496");
        CPPUNIT_ASSERT_EQUAL(std::string("autnum"), text(a, "kind"));
        Object::Ptr s = a->getObject("summary");
        CPPUNIT_ASSERT_EQUAL(64496, s->getValue<int>("start_autnum"));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.de"), text(s, "abuse_email"));
        Object::Ptr v6 = okBody("2001:db8::1")->getObject("summary");
        CPPUNIT_ASSERT(listHas(v6, "cidr", "2001:db8::/48"));
        CPPUNIT_ASSERT(listHas(v6, "redacted", "administrative.email"));
        auto entities = v6->getArray("entities");
        CPPUNIT_ASSERT(entities->getObject(2)->isNull("email"));  // "REDACTED FOR PRIVACY" is not data
    }

    void noRdapServiceIsAnsweredByWhois() {
        const auto ports = Service::rdapFakePorts();
        Object::Ptr b = okBody("233.252.0.5");  // in no bootstrap entry: IANA's server, then its referral
        Object::Ptr s = b->getObject("summary");
        CPPUNIT_ASSERT_EQUAL(std::string("whois"), text(s, "source"));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@isp.example"), text(s, "abuse_email"));
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMPLE-ISP-NET"), text(s, "name"));
        Object::Ptr raw = b->getObject("raw");
        CPPUNIT_ASSERT_EQUAL("127.0.0.1:" + ports.at("WHOIS_REGISTRY_PORT"), text(raw, "server"));
        CPPUNIT_ASSERT_EQUAL("127.0.0.1:" + ports.at("WHOIS_IANA_PORT"), text(raw, "referred_by"));
        CPPUNIT_ASSERT(text(raw, "text").find("inetnum:        203.0.113.0 - 203.0.113.127") != std::string::npos);
        // A TLD with no RDAP service, from the WHOIS table.
        Object::Ptr d = okBody("example.nodata")->getObject("summary");
        CPPUNIT_ASSERT_EQUAL(std::string("whois"), text(d, "source"));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar, LLC"), text(d, "registrar"));
        CPPUNIT_ASSERT(listHas(d, "redacted", "registrant.name"));
    }

    void thinRegistryMergesTheRegistrarWithProvenance() {
        Object::Ptr b = okBody("Example.TEST");
        CPPUNIT_ASSERT_EQUAL(std::string("domain"), text(b, "kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("example.test"), text(b, "query"));
        Object::Ptr s = b->getObject("summary");
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar, Inc."), text(s, "registrar"));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@registrar.example"), text(s, "abuse_email"));
        CPPUNIT_ASSERT_EQUAL(true, s->getValue<bool>("dnssec_signed"));
        Object::Ptr provenance = s->getObject("provenance");
        CPPUNIT_ASSERT_EQUAL(std::string("registry"), text(provenance, "registered"));
        CPPUNIT_ASSERT_EQUAL(std::string("registry+registrar"), text(provenance, "entities"));
        CPPUNIT_ASSERT(listHas(s, "redacted", "registrar:Registrant Email"));
        CPPUNIT_ASSERT(!b->isNull("raw_registrar"));
        CPPUNIT_ASSERT_EQUAL(std::string("D12345-EXAMPLE"), text(b->getObject("raw_registrar"), "handle"));
        CPPUNIT_ASSERT_EQUAL(1, registryCount("/registrar/domain/EXAMPLE.TEST"));
        errorReply("nothere.test", 404, "not_registered");
    }

    // rdap: the thin registry answers, its registrar does not within the
    // timeout. The registry's data is served, marked transient: no-store, and
    // not kept in the plugin's hour-long cache (the repeat asks both again).
    void registrarThatTimedOutKeepsTheAnswerOutOfCaches() {
        const int registrarAsked = registryCount("/slow/domain/SLOWREGISTRAR.TEST");
        for (int i = 0; i < 2; ++i) {
            HttpReply r = get("/api/v1/rdap?query=slowregistrar.test");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("no-store"), r.header("Cache-Control").value_or(""));
            Object::Ptr b = parseJson(r.body);
            CPPUNIT_ASSERT_EQUAL(false, b->getValue<bool>("cached"));
            const std::string link = text(b->getObject("summary")->getObject("provenance"), "registrar_link");
            CPPUNIT_ASSERT_MESSAGE(
                link, link.rfind("not followed: the registrar", 0) == 0 && link.find("timeout") != std::string::npos);
        }
        CPPUNIT_ASSERT_EQUAL(registrarAsked + 2, registryCount("/slow/domain/SLOWREGISTRAR.TEST"));
        // Its registry's sound answer is kept as before (thinRegistryMergesTheRegistrarWithProvenance).
    }

    void redirectToAnotherRegistryIsFollowed() {
        Object::Ptr b = okBody("198.51.100.7");
        CPPUNIT_ASSERT(text(b, "service").find("/ripe4/ip/198.51.100.7") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(1, registryCount("/redirect/ip/198.51.100.7"));
    }

    void redirectLoopEndsInAClearErrorWithinTheBudget() {
        auto t0 = std::chrono::steady_clock::now();
        HttpReply r = errorReply("203.0.113.5", 503, "registry_redirect_loop");
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        CPPUNIT_ASSERT(parseJson(r.body)->getValue<std::string>("message").find("redirect loop") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(ms) + " ms", ms < 6000);  // the route's time budget
        CPPUNIT_ASSERT_EQUAL(1, registryCount("/loop2/ip/203.0.113.5"));
    }

    // /portjump answers 301 to the same fake on another port, which no bootstrap entry names.
    void redirectToAPortNoRegistryUsesIsNotFollowed() {
        const std::string other = Service::rdapFakePorts().at("RDAP_OTHER_PORT");
        HttpReply r = errorReply("AS65540", 503, "registry_unavailable");
        const std::string message = parseJson(r.body)->getValue<std::string>("message");
        CPPUNIT_ASSERT_MESSAGE(message, message.find("port " + other) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(message, message.find("not followed") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(1, registryCount("/portjump/autnum/65540"));
        CPPUNIT_ASSERT_EQUAL(0, registryCount("/arin/autnum/65540"));  // the other port was never asked
    }

    // /portlink is a thin registry whose registrar link names the other port: the registry's data stands.
    void registrarLinkToAPortNoRegistryUsesIsNotFollowed() {
        const std::string other = Service::rdapFakePorts().at("RDAP_OTHER_PORT");
        Object::Ptr b = okBody("example.porttest");
        Object::Ptr s = b->getObject("summary");
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar, Inc."), text(s, "registrar"));  // the registry's entity
        const std::string why = text(s->getObject("provenance"), "registrar_link");
        CPPUNIT_ASSERT_MESSAGE(why, why.find("port " + other) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(why, why.find("not followed") != std::string::npos);
        CPPUNIT_ASSERT(b->isNull("raw_registrar"));
        CPPUNIT_ASSERT_EQUAL(0, registryCount("/registrar/domain/EXAMPLE.PORTTEST"));
    }

    void spentRegistryBudgetAnswers503WhileCachedQueriesServe() {
        awayFromDayEdge();
        CPPUNIT_ASSERT_EQUAL(false, okBody("198.51.100.200")->getValue<bool>("cached"));  // the one request a day
        HttpReply spent = errorReply("198.51.100.201", 503, "registry_rate_limited");
        const std::string message = parseJson(spent.body)->getValue<std::string>("message");
        CPPUNIT_ASSERT_MESSAGE(message, message.find("budget") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(message, message.find("cached answers still serve") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(true, okBody("198.51.100.200")->getValue<bool>("cached"));
        CPPUNIT_ASSERT_EQUAL(0, registryCount("/lacnic/ip/198.51.100.201"));  // refused before it was sent
    }

    void registry404And429AndSlowServer() {
        errorReply("203.0.113.70", 404, "not_registered");
        HttpReply limited = errorReply("203.0.113.130", 503, "registry_rate_limited");
        CPPUNIT_ASSERT(parseJson(limited.body)->getValue<std::string>("message").find("retry after 30 seconds") !=
                       std::string::npos);
        auto t0 = std::chrono::steady_clock::now();
        HttpReply slow = errorReply("203.0.113.200", 503, "registry_unavailable");
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        CPPUNIT_ASSERT(parseJson(slow.body)->getValue<std::string>("message").find("timeout") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(ms) + " ms", ms < 2900);  // the server answers after 3 s
    }

    void badQueriesAre400() {
        HttpReply missing = get("/api/v1/rdap");
        CPPUNIT_ASSERT_EQUAL(400, missing.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), parseJson(missing.body)->getValue<std::string>("error"));
        errorReply("192.0.2.1/8", 400, "invalid_query");
        errorReply("not a domain", 400, "invalid_query");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RdapTest);
