#include "host/pipeline/HttpText.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::pipeline;

class HttpTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HttpTextTest);
    CPPUNIT_TEST(decodesEscapes);
    CPPUNIT_TEST(refusesMalformedEscapesAndNul);
    CPPUNIT_TEST(splitsRepeatedQueryParameters);
    CPPUNIT_TEST(redactsAndRemovesKeyParameters);
    CPPUNIT_TEST(namesTheStatusesTheServiceSends);
    CPPUNIT_TEST_SUITE_END();

public:
    void namesTheStatusesTheServiceSends() {
        // The account flow answers 202 (mail queued) and 303 (after a form): never "Unknown".
        CPPUNIT_ASSERT_EQUAL(std::string_view("Accepted"), reasonPhrase(202));
        CPPUNIT_ASSERT_EQUAL(std::string_view("See Other"), reasonPhrase(303));
        for (int status : {200, 201, 204, 301, 302, 304, 307, 308, 400, 401, 403, 404,
                           405, 409, 410, 413, 415, 422, 429, 431, 500, 502, 503, 504})
            CPPUNIT_ASSERT_MESSAGE(std::to_string(status), reasonPhrase(status) != "Unknown");
        CPPUNIT_ASSERT_EQUAL(std::string_view("Unknown"), reasonPhrase(299));
    }
    void decodesEscapes() {
        CPPUNIT_ASSERT_EQUAL(std::string("b\xC3\xBC"
                                         "cher a+b"),
                             *percentDecode("b%C3%BCcher%20a+b", false));
        CPPUNIT_ASSERT_EQUAL(std::string("a b"), *percentDecode("a+b", true));
    }
    void refusesMalformedEscapesAndNul() {
        CPPUNIT_ASSERT(!percentDecode("%", false));
        CPPUNIT_ASSERT(!percentDecode("%4", false));
        CPPUNIT_ASSERT(!percentDecode("%zz", false));
        CPPUNIT_ASSERT(!percentDecode("a%00b", false));
    }
    void splitsRepeatedQueryParameters() {
        auto q = parseQuery("ua=a&x&ua=b%2Bc&&empty=");
        CPPUNIT_ASSERT(q);
        CPPUNIT_ASSERT_EQUAL(size_t(4), q->size());
        CPPUNIT_ASSERT_EQUAL(std::string("a"), (*q)[0].second);
        CPPUNIT_ASSERT_EQUAL(std::string("x"), (*q)[1].first);
        CPPUNIT_ASSERT_EQUAL(std::string("b+c"), (*q)[2].second);
        CPPUNIT_ASSERT_EQUAL(std::string(""), (*q)[3].second);
        CPPUNIT_ASSERT(!parseQuery("a=%G0"));
    }
    void redactsAndRemovesKeyParameters() {
        CPPUNIT_ASSERT_EQUAL(std::string("/ip?a=1&key=X&b=2"), redactSecretParams("/ip?a=1&key=secret&b=2", "X"));
        // A sign-in link's token too, whatever answered the request.
        CPPUNIT_ASSERT_EQUAL(std::string("/api-keys/signin/?token=X&utm=1"),
                             redactSecretParams("/api-keys/signin/?TO%6Ben=abc&utm=1", "X"));
        CPPUNIT_ASSERT(hasSecretParam("utm=1&token=abc"));
        CPPUNIT_ASSERT(!hasSecretParam("tokens=1&k=2"));
        CPPUNIT_ASSERT_EQUAL(std::string("/ip?a=1&b=2"), removeKeyParam("/ip?key=secret&a=1&key=again&b=2"));
        CPPUNIT_ASSERT_EQUAL(std::string("/ip?monkey=1"), removeKeyParam("/ip?monkey=1"));
        CPPUNIT_ASSERT_EQUAL(std::string("/ip"), removeKeyParam("/ip?key=s"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(HttpTextTest);
