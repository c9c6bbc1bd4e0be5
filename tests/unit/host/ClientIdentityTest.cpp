#include "host/pipeline/ClientIdentity.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::pipeline;
using ipfacts::net::IpAddress;

class ClientIdentityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ClientIdentityTest);
    CPPUNIT_TEST(untrustedPeerIsTheClient);
    CPPUNIT_TEST(walksTrustedHopsFromTheRight);
    CPPUNIT_TEST(repeatedHeadersJoinInOrder);
    CPPUNIT_TEST(bearerBeatsQueryAndOtherSchemesAreNotKeys);
    CPPUNIT_TEST_SUITE_END();

    static HttpRequest request(const char* peer, std::vector<Header> headers) {
        HttpRequest r;
        r.peer = *IpAddress::parse(peer);
        r.headers = std::move(headers);
        return r;
    }

public:
    void untrustedPeerIsTheClient() {
        ClientIdentity id({"10.0.0.0/8"});
        auto r = request("192.0.2.1", {{"X-Forwarded-For", "203.0.113.1"}});
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), id.clientOf(r).toString());
    }
    void walksTrustedHopsFromTheRight() {
        ClientIdentity id({"10.0.0.0/8", "2001:db8::/32"});
        auto r = request("10.1.1.1", {{"x-forwarded-for", "6.6.6.6, 203.0.113.1, 10.2.2.2, 2001:db8::7"}});
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.1"), id.clientOf(r).toString());
        auto all = request("10.1.1.1", {{"X-Forwarded-For", "10.3.3.3"}});
        CPPUNIT_ASSERT_EQUAL(std::string("10.3.3.3"), id.clientOf(all).toString());
    }
    void repeatedHeadersJoinInOrder() {
        ClientIdentity id({"10.0.0.0/8"});
        auto r = request("10.1.1.1", {{"X-Forwarded-For", "198.51.100.1"}, {"X-Forwarded-For", "10.9.9.9"}});
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.1"), id.clientOf(r).toString());
    }
    void bearerBeatsQueryAndOtherSchemesAreNotKeys() {
        auto r = request("192.0.2.1", {{"Authorization", "Bearer  ipf_abc "}});
        CPPUNIT_ASSERT_EQUAL(std::string("ipf_abc"), std::string(*ClientIdentity::presentedKey(r, "key=ipf_q")));
        auto basic = request("192.0.2.1", {{"Authorization", "Basic dTpw"}});
        CPPUNIT_ASSERT(!ClientIdentity::presentedKey(basic, "a=1"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipf_q"), std::string(*ClientIdentity::presentedKey(basic, "a=1&key=ipf_q")));
        CPPUNIT_ASSERT(!ClientIdentity::presentedKey(basic, "monkey=1"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ClientIdentityTest);
