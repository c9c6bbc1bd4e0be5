// /api/v1/headers: received order, lower-case names, redaction, explanations.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

using namespace ipfacts::testing;

class HeadersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HeadersTest);
    CPPUNIT_TEST(headersComeInReceivedOrderLowerCased);
    CPPUNIT_TEST(secretsAreRedacted);
    CPPUNIT_TEST(everyHeaderHasAnExplanation);
    CPPUNIT_TEST(describesTheRequest);
    CPPUNIT_TEST_SUITE_END();

    static Poco::JSON::Array::Ptr headersOf(const HttpReply& r) { return parseJson(r.body)->getArray("headers"); }

public:
    void headersComeInReceivedOrderLowerCased() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw(
            "GET /api/v1/headers HTTP/1.1\r\nZ-Last-Alphabetically: 1\r\nHost: a\r\nAccept: */*\r\n"
            "A-First-Alphabetically: 2\r\nX-Mixed-CASE: 3\r\n\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r && r->status == 200);
        Service::instance().record("GET", "/api/v1/headers", *r);
        auto hs = headersOf(*r);
        std::vector<std::string> names;
        for (size_t i = 0; i < hs->size(); ++i) names.push_back(hs->getObject(i)->getValue<std::string>("name"));
        std::vector<std::string> want{"z-last-alphabetically", "host", "accept", "a-first-alphabetically",
                                      "x-mixed-case"};
        CPPUNIT_ASSERT(names == want);
        CPPUNIT_ASSERT_EQUAL(std::string("3"), hs->getObject(4)->getValue<std::string>("value"));
    }

    void secretsAreRedacted() {
        auto r = get("/api/v1/headers", {"Cookie: session=s3cr3tcookie", "Authorization: Basic dXNlcjpwYXNzd29yZA==",
                                         "Proxy-Authorization: Basic cHJveHk6c2VjcmV0", "X-Visible: shown"});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(r.body.find("s3cr3tcookie") == std::string::npos);
        CPPUNIT_ASSERT(r.body.find("dXNlcjpwYXNzd29yZA") == std::string::npos);
        CPPUNIT_ASSERT(r.body.find("cHJveHk6c2VjcmV0") == std::string::npos);
        auto hs = headersOf(r);
        int redacted = 0;
        for (size_t i = 0; i < hs->size(); ++i) {
            auto h = hs->getObject(i);
            auto name = h->getValue<std::string>("name");
            bool secret = name == "cookie" || name == "authorization" || name == "proxy-authorization";
            CPPUNIT_ASSERT_EQUAL(secret, h->getValue<bool>("redacted"));
            if (secret) {
                CPPUNIT_ASSERT_EQUAL(std::string("[redacted]"), h->getValue<std::string>("value"));
                ++redacted;
            }
            if (name == "x-visible") CPPUNIT_ASSERT_EQUAL(std::string("shown"), h->getValue<std::string>("value"));
        }
        CPPUNIT_ASSERT_EQUAL(3, redacted);
    }

    void everyHeaderHasAnExplanation() {
        auto r = get("/api/v1/headers", {"Accept-Language: en", "DNT: 1", "X-Unheard-Of-Header: 1", "Weird-Thing: 2"});
        auto hs = headersOf(r);
        std::string unknown_x, unknown;
        for (size_t i = 0; i < hs->size(); ++i) {
            auto h = hs->getObject(i);
            auto e = h->getValue<std::string>("explanation");
            CPPUNIT_ASSERT(!e.empty());
            CPPUNIT_ASSERT(e.find('\n') == std::string::npos);
            if (h->getValue<std::string>("name") == "x-unheard-of-header") unknown_x = e;
            if (h->getValue<std::string>("name") == "weird-thing") unknown = e;
            if (h->getValue<std::string>("name") == "dnt") CPPUNIT_ASSERT(e.find("track") != std::string::npos);
        }
        CPPUNIT_ASSERT(!unknown.empty() && !unknown_x.empty());
    }

    void describesTheRequest() {
        auto body = parseJson(get("/api/v1/headers").body);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), body->getValue<std::string>("method"));
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1"), body->getValue<std::string>("protocol"));
        CPPUNIT_ASSERT_EQUAL(std::string("none"), body->getValue<std::string>("tls"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.test"), body->getValue<std::string>("source"));
        CPPUNIT_ASSERT_EQUAL(size_t(20), body->getValue<std::string>("checked_at").size());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HeadersTest);
