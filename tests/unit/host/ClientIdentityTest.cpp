#include "host/pipeline/ClientIdentity.h"
#include "host/pipeline/HttpText.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::pipeline;
using ipfacts::net::IpAddress;

class ClientIdentityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ClientIdentityTest);
    CPPUNIT_TEST(untrustedPeerIsTheClient);
    CPPUNIT_TEST(walksTrustedHopsFromTheRight);
    CPPUNIT_TEST(repeatedHeadersJoinInOrder);
    CPPUNIT_TEST(mappedHopsAreJudgedAsIpv4);
    CPPUNIT_TEST(malformedHopsEndTheWalk);
    CPPUNIT_TEST(bearerBeatsQueryAndOtherSchemesAreNotKeys);
    CPPUNIT_TEST(everySpellingOfTheKeyParameterIsTheKey);
    CPPUNIT_TEST(keyParametersAreRedactedAndRemovedByTheSameRule);
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
    void mappedHopsAreJudgedAsIpv4() {
        ClientIdentity id({"10.0.0.0/8"});
        // A proxy hop written IPv4-mapped is still the trusted 10.0.0.1.
        auto r = request("10.1.1.1", {{"X-Forwarded-For", "198.51.100.4, ::ffff:10.0.0.1"}});
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.4"), id.clientOf(r).toString());
        // A caller forwarded IPv4-mapped is that IPv4 caller.
        auto m = request("10.1.1.1", {{"X-Forwarded-For", "::ffff:8.8.8.8"}});
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8"), id.clientOf(m).toString());
        CPPUNIT_ASSERT(id.clientOf(m).isV4());
        auto f = request("10.1.1.1", {{"Forwarded", "for=\"[::ffff:203.0.113.5]:4711\""}});
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.5"), id.clientOf(f).toString());
    }
    void malformedHopsEndTheWalk() {
        ClientIdentity id({"10.0.0.0/8"});
        // Left of something no proxy of ours wrote, nothing is believed.
        auto r = request("10.1.1.1", {{"X-Forwarded-For", "203.0.113.9, junk, 10.2.2.2"}});
        CPPUNIT_ASSERT_EQUAL(std::string("10.2.2.2"), id.clientOf(r).toString());
        auto empty = request("10.1.1.1", {{"X-Forwarded-For", ""}});
        CPPUNIT_ASSERT_EQUAL(std::string("10.1.1.1"), id.clientOf(empty).toString());
        auto trailing = request("10.1.1.1", {{"X-Forwarded-For", "203.0.113.9,"}});
        CPPUNIT_ASSERT_EQUAL(std::string("10.1.1.1"), id.clientOf(trailing).toString());
        auto spaced = request("10.1.1.1", {{"X-Forwarded-For", " 203.0.113.9 ,\t10.2.2.2 "}});
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.9"), id.clientOf(spaced).toString());
        // X-Forwarded-For, when present, is the chain; Forwarded is not read.
        auto both = request("10.1.1.1", {{"Forwarded", "for=198.51.100.7"}, {"X-Forwarded-For", "203.0.113.9"}});
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.9"), id.clientOf(both).toString());
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
    void everySpellingOfTheKeyParameterIsTheKey() {
        HttpRequest bare;
        for (const char* q : {"key=ipf_q", "KEY=ipf_q", "Key=ipf_q", "ke%79=ipf_q", "%6B%45%79=ipf_q", "a=1;key=ipf_q",
                              "a=1&kEy=ipf_q&b=2", "key=ipf%5Fq", "x=y;KEY=ipf_q;z"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(q, std::string("ipf_q"), *ClientIdentity::presentedKey(bare, q));
        for (const char* q : {"keys=ipf_q", "akey=ipf_q", "ke=ipf_q", "k%65y2=ipf_q", "ua=key%3Dipf_q", ""})
            CPPUNIT_ASSERT_MESSAGE(q, !ClientIdentity::presentedKey(bare, q));
    }
    void keyParametersAreRedactedAndRemovedByTheSameRule() {
        CPPUNIT_ASSERT_EQUAL(std::string("/ip.md?key=[redacted]&a=1;key=[redacted]"),
                             redactSecretParams("/ip.md?KEY=s1&a=1;ke%79=s2", "[redacted]"));
        CPPUNIT_ASSERT_EQUAL(std::string("/ip.md?a=1&b=2"), removeKeyParam("/ip.md?Key=s1&a=1;k%65y=s2&b=2"));
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/ua?ua=X11; Linux"), removeKeyParam("/api/v1/ua?ua=X11; Linux"));
        CPPUNIT_ASSERT(!hasKeyParam("ua=X11; Linux&monkey=1"));
        CPPUNIT_ASSERT(hasKeyParam("ua=X11;KEY=s"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ClientIdentityTest);
