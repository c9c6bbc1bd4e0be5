// BrowserRequest: forms, cookies, the cross-site rule (fetch metadata first,
// then Origin against Host), and which e-mail addresses are accepted.
#include "host/account/BrowserRequest.h"
#include "host/account/Mailer.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::account;
using ipfacts::pipeline::HttpRequest;

namespace {
HttpRequest request(std::vector<ipfacts::pipeline::Header> headers, std::string_view body = "") {
    HttpRequest r;
    r.method = "POST";
    r.headers = std::move(headers);
    r.body = body;
    return r;
}
}  // namespace

class BrowserRequestTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BrowserRequestTest);
    CPPUNIT_TEST(formIsReadWhenTyped);
    CPPUNIT_TEST(cookieIsFoundAmongOthers);
    CPPUNIT_TEST(crossSitePostsAreRefused);
    CPPUNIT_TEST(emailAddresses);
    CPPUNIT_TEST(addressesBeyondAsciiAreWellFormedAndMaskedWhole);
    CPPUNIT_TEST_SUITE_END();

public:
    void formIsReadWhenTyped() {
        auto f = formOf(request({{"Content-Type", "application/x-www-form-urlencoded; charset=UTF-8"}},
                                "email=a%2Bb%40example.com&x=1+2"));
        CPPUNIT_ASSERT(f.has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("a+b@example.com"), f->at("email"));
        CPPUNIT_ASSERT_EQUAL(std::string("1 2"), f->at("x"));
        CPPUNIT_ASSERT(!formOf(request({{"Content-Type", "application/json"}}, "{}")).has_value());
        CPPUNIT_ASSERT(!formOf(request({}, "email=x")).has_value());
        CPPUNIT_ASSERT(
            !formOf(request({{"Content-Type", "application/x-www-form-urlencoded"}}, "email=%zz")).has_value());
    }

    void cookieIsFoundAmongOthers() {
        auto r = request({{"Cookie", "a=1; ipf_session=abc ;b=2"}, {"cookie", "c=3"}});
        CPPUNIT_ASSERT_EQUAL(std::string("abc"), *cookieOf(r, "ipf_session"));
        CPPUNIT_ASSERT_EQUAL(std::string("3"), *cookieOf(r, "c"));
        CPPUNIT_ASSERT(!cookieOf(r, "ipf").has_value());
        CPPUNIT_ASSERT(!cookieOf(request({}), "ipf_session").has_value());
    }

    void crossSitePostsAreRefused() {
        CPPUNIT_ASSERT(sameOriginPost(request({{"Host", "ipfacts.test"}})));  // a script
        CPPUNIT_ASSERT(
            sameOriginPost(request({{"Host", "ipfacts.test"}, {"Sec-Fetch-Site", "same-origin"}, {"Origin", "null"}})));
        CPPUNIT_ASSERT(sameOriginPost(request({{"Host", "ipfacts.test"}, {"Sec-Fetch-Site", "none"}})));
        CPPUNIT_ASSERT(!sameOriginPost(request({{"Host", "ipfacts.test"}, {"Sec-Fetch-Site", "cross-site"}})));
        CPPUNIT_ASSERT(!sameOriginPost(request({{"Host", "ipfacts.test"}, {"Sec-Fetch-Site", "same-site"}})));
        CPPUNIT_ASSERT(
            sameOriginPost(request({{"Host", "ipfacts.test:8080"}, {"Origin", "https://ipfacts.test:8080"}})));
        CPPUNIT_ASSERT(!sameOriginPost(request({{"Host", "ipfacts.test"}, {"Origin", "https://evil.example"}})));
        CPPUNIT_ASSERT(!sameOriginPost(request({{"Host", "ipfacts.test"}, {"Origin", "null"}})));
        CPPUNIT_ASSERT(!sameOriginPost(request({{"Origin", "http://ipfacts.test"}})));  // no Host to compare
    }

    void emailAddresses() {
        CPPUNIT_ASSERT_EQUAL(std::string("a@example.com"), *emailAddress("  a@example.com "));
        CPPUNIT_ASSERT(emailAddress("first.last+tag@sub.example.co.uk").has_value());
        for (const char* bad : {"", "a", "@example.com", "a@", "a@b", "a@b.", "a@.b", "a@b..c", "a b@example.com",
                                "a@b@example.com", "a\r\n@example.com", "<a@example.com>", "a@example.com\nBcc: x@y.z"})
            CPPUNIT_ASSERT_MESSAGE(bad, !emailAddress(bad).has_value());
        CPPUNIT_ASSERT(!emailAddress(std::string(65, 'a') + "@example.com").has_value());
        CPPUNIT_ASSERT(!emailAddress("a@" + std::string(250, 'b') + ".com").has_value());
    }

    void addressesBeyondAsciiAreWellFormedAndMaskedWhole() {
        const std::string nandu =
            "\xC3\xB1"
            "and\xC3\xBA@example.com";  // ñandú
        CPPUNIT_ASSERT(emailAddress(nandu).has_value());
        CPPUNIT_ASSERT(hasNonAscii(nandu));
        CPPUNIT_ASSERT(!hasNonAscii("nandu@example.com"));
        // A stray continuation byte, a cut sequence, an overlong "/", a surrogate: refused.
        for (const char* bad : {"\x80"
                                "a@example.com",
                                "a\xC3@example.com", "\xC0\xAF@example.com", "\xED\xA0\x80@example.com"})
            CPPUNIT_ASSERT_MESSAGE(bad, !emailAddress(bad).has_value());
        // The first character whole, however many bytes: the masked text is valid UTF-8.
        CPPUNIT_ASSERT_EQUAL(std::string("\xC3\xB1***@example.com"), maskedAddress(nandu));
        CPPUNIT_ASSERT_EQUAL(std::string("\xF0\x9F\x93\xAE***@example.com"), maskedAddress("\xF0\x9F\x93\xAE"
                                                                                           "box@example.com"));
        CPPUNIT_ASSERT(validUtf8(maskedAddress(nandu)));
        CPPUNIT_ASSERT_EQUAL(std::string("d***@example.com"), maskedAddress("dev@example.com"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BrowserRequestTest);
