// The `host` parameter: a host name only; each other thing a caller may
// paste gets its own token.
#include "HostParameter.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ssl {
namespace {

std::string tokenOf(std::string_view value) {
    const auto r = checkHostValue(value);
    if (const HostError* e = std::get_if<HostError>(&r)) return e->token;
    return "ok:" + std::get<HostName>(r).ascii;
}

std::string tokenOfRequest(std::vector<std::pair<std::string, std::string>> query) {
    ipfacts::testing::FakeHost fake;
    fake.query = std::move(query);
    const auto r = readHostParameter(fake.request());
    if (const HostError* e = std::get_if<HostError>(&r)) return e->token;
    return "ok:" + std::get<HostName>(r).ascii;
}

}  // namespace

class HostParameterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HostParameterTest);
    CPPUNIT_TEST(namesAreNormalised);
    CPPUNIT_TEST(urlPiecesHaveTheirTokens);
    CPPUNIT_TEST(addressLiteralsAreRefused);
    CPPUNIT_TEST(badNamesAreInvalidHost);
    CPPUNIT_TEST(parameterPresenceAndLength);
    CPPUNIT_TEST_SUITE_END();

public:
    void namesAreNormalised() {
        CPPUNIT_ASSERT_EQUAL(std::string("ok:www.example.com"), tokenOf("WWW.Example.com."));
        CPPUNIT_ASSERT_EQUAL(std::string("ok:xn--bcher-kva.example"), tokenOf("bücher.example"));
        CPPUNIT_ASSERT_EQUAL(std::string("ok:xn--bcher-kva.example"), tokenOf("BÜCHER.example"));
        const auto r = checkHostValue("Bücher.Example");
        CPPUNIT_ASSERT_EQUAL(std::string("Bücher.Example"), std::get<HostName>(r).given);
    }

    void urlPiecesHaveTheirTokens() {
        CPPUNIT_ASSERT_EQUAL(std::string(kSchemeNotAllowed), tokenOf("https://example.com"));
        CPPUNIT_ASSERT_EQUAL(std::string(kSchemeNotAllowed), tokenOf("HTTP://example.com/"));
        CPPUNIT_ASSERT_EQUAL(std::string(kSchemeNotAllowed), tokenOf("https:example.com"));
        CPPUNIT_ASSERT_EQUAL(std::string(kSchemeNotAllowed), tokenOf("ftp://example.com"));
        CPPUNIT_ASSERT_EQUAL(std::string(kPathNotAllowed), tokenOf("example.com/login"));
        CPPUNIT_ASSERT_EQUAL(std::string(kPathNotAllowed), tokenOf("example.com?x=1"));
        CPPUNIT_ASSERT_EQUAL(std::string(kPathNotAllowed), tokenOf("example.com#top"));
        CPPUNIT_ASSERT_EQUAL(std::string(kPortNotAllowed), tokenOf("example.com:443"));
        CPPUNIT_ASSERT_EQUAL(std::string(kPortNotAllowed), tokenOf("example.com:8443"));
    }

    void addressLiteralsAreRefused() {
        for (const char* literal : {"192.0.2.1", "2001:db8::1", "[2001:db8::1]", "[2001:db8::1]:443", "192.0.2.1:443",
                                    "::ffff:127.0.0.1", "10.0.0.1", "::1"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(literal, std::string(kAddressNotAllowed), tokenOf(literal));
    }

    void badNamesAreInvalidHost() {
        for (const char* bad :
             {"localhost", "intranet", "*.example.com", "ex ample.com", "user@example.com", "_dmarc.example.com",
              "-bad.example.com", "192.0.2", "example..com", ".example.com", "example.com:", "a:b:c", "[example.com]"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string(kInvalidHost), tokenOf(bad));
    }

    void parameterPresenceAndLength() {
        CPPUNIT_ASSERT_EQUAL(std::string(kInvalidParameter), tokenOfRequest({}));
        CPPUNIT_ASSERT_EQUAL(std::string(kInvalidParameter), tokenOfRequest({{"host", ""}}));
        CPPUNIT_ASSERT_EQUAL(std::string(kInvalidParameter),
                             tokenOfRequest({{"host", "a.example"}, {"host", "b.example"}}));
        CPPUNIT_ASSERT_EQUAL(std::string(kInvalidParameter), tokenOfRequest({{"host", std::string(1025, 'a')}}));
        CPPUNIT_ASSERT_EQUAL(std::string("ok:example.com"), tokenOfRequest({{"host", "example.com"}}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HostParameterTest);

}  // namespace ipfacts::ssl
