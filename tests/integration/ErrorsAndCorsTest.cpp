// The envelope and CORS on every status the host produces, and preflight.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

namespace {

/// Checks the envelope: token, status repeated, a message, and CORS.
void assertEnvelope(const HttpReply& r, int status, const std::string& token) {
    CPPUNIT_ASSERT_EQUAL(status, r.status);
    CPPUNIT_ASSERT_EQUAL(std::string("application/json"), *r.header("Content-Type"));
    auto body = parseJson(r.body);
    CPPUNIT_ASSERT_EQUAL(token, body->getValue<std::string>("error"));
    CPPUNIT_ASSERT_EQUAL(status, body->getValue<int>("status"));
    CPPUNIT_ASSERT(!body->getValue<std::string>("message").empty());
    CPPUNIT_ASSERT_EQUAL(std::string("*"), *r.header("Access-Control-Allow-Origin"));
    CPPUNIT_ASSERT_EQUAL(std::string("no-store"), *r.header("Cache-Control"));
}

}  // namespace

class ErrorsAndCorsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ErrorsAndCorsTest);
    CPPUNIT_TEST(unknownPathIs404);
    CPPUNIT_TEST(postIs405WithAllow);
    CPPUNIT_TEST(badQueryEscapeIs400);
    CPPUNIT_TEST(badPathParamEscapeIs400);
    CPPUNIT_TEST(failingPluginIs500);
    CPPUNIT_TEST(silentPluginIs500AndLogged);
    CPPUNIT_TEST(dnsleakIsNotImplemented);
    CPPUNIT_TEST(successCarriesCorsAndExposesQuotaHeaders);
    CPPUNIT_TEST(preflightIsAnswered);
    CPPUNIT_TEST(preflightOnUnknownPathIs404);
    CPPUNIT_TEST_SUITE_END();

public:
    void unknownPathIs404() { assertEnvelope(get("/no/such/thing"), 404, "not_found"); }

    void postIs405WithAllow() {
        HttpClient c("127.0.0.1", Service::instance().port());
        auto r = c.get("/ip", {}, "POST");
        assertEnvelope(r, 405, "method_not_allowed");
        CPPUNIT_ASSERT_EQUAL(std::string("GET, HEAD, OPTIONS"), *r.header("Allow"));
    }

    void badQueryEscapeIs400() { assertEnvelope(get("/api/v1/ua?ua=%zz"), 400, "invalid_parameter"); }

    void badPathParamEscapeIs400() { assertEnvelope(get("/api/v1/dnsleak/%g1"), 400, "bad_request"); }

    void failingPluginIs500() { assertEnvelope(get("/abi/fail"), 500, "internal_error"); }

    void silentPluginIs500AndLogged() {
        assertEnvelope(get("/abi/silent"), 500, "internal_error");
        CPPUNIT_ASSERT(Service::instance().log().find("returned without a response (API misuse)") != std::string::npos);
    }

    void dnsleakIsNotImplemented() {
        auto r = get("/api/v1/dnsleak/3f2a9c");
        CPPUNIT_ASSERT_EQUAL(404, r.status);
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("not_implemented"), body->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(404, body->getValue<int>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *r.header("Access-Control-Allow-Origin"));
    }

    void successCarriesCorsAndExposesQuotaHeaders() {
        auto r = get("/api/v1/headers");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *r.header("Access-Control-Allow-Origin"));
        auto exposed = *r.header("Access-Control-Expose-Headers");
        for (const char* h : {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Policy",
                              "Retry-After", "Age", "X-Cache"})
            CPPUNIT_ASSERT(exposed.find(h) != std::string::npos);
    }

    void preflightIsAnswered() {
        HttpClient c("127.0.0.1", Service::instance().port());
        auto r = c.get("/api/v1/ua",
                       {"Origin: https://example.org", "Access-Control-Request-Method: GET",
                        "Access-Control-Request-Headers: authorization"},
                       "OPTIONS");
        CPPUNIT_ASSERT_EQUAL(204, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *r.header("Access-Control-Allow-Origin"));
        CPPUNIT_ASSERT(r.header("Access-Control-Allow-Methods")->find("GET") != std::string::npos);
        CPPUNIT_ASSERT(r.header("Access-Control-Allow-Headers")->find("Authorization") != std::string::npos);
        CPPUNIT_ASSERT(r.body.empty());
    }

    void preflightOnUnknownPathIs404() {
        HttpClient c("127.0.0.1", Service::instance().port());
        assertEnvelope(c.get("/nowhere", {}, "OPTIONS"), 404, "not_found");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ErrorsAndCorsTest);
