// The caller's address: forwarded headers count only from trusted proxies
// (127.0.0.2 and 127.0.0.3 in the test manifest).
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

class ProxyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ProxyTest);
    CPPUNIT_TEST(trustedProxyNamesTheClient);
    CPPUNIT_TEST(chainOfTrustedProxiesIsWalked);
    CPPUNIT_TEST(untrustedPeerCannotSpoof);
    CPPUNIT_TEST(forwardedHeaderIsUnderstood);
    CPPUNIT_TEST(garbageFromTrustedProxyFallsBackToPeer);
    CPPUNIT_TEST(spoofedLeftPartIsIgnored);
    CPPUNIT_TEST_SUITE_END();

    static std::string ipVia(const std::string& source, const std::vector<std::string>& headers) {
        HttpClient c("127.0.0.1", Service::instance().port(), false, source);
        return c.get("/ip", headers).body;
    }

public:
    void trustedProxyNamesTheClient() {
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.7\n"), ipVia("127.0.0.2", {"X-Forwarded-For: 203.0.113.7"}));
    }
    void chainOfTrustedProxiesIsWalked() {
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.1\n"),
                             ipVia("127.0.0.2", {"X-Forwarded-For: 198.51.100.1, 127.0.0.3"}));
    }
    void untrustedPeerCannotSpoof() {
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), ipVia("127.0.0.1", {"X-Forwarded-For: 203.0.113.7"}));
    }
    void forwardedHeaderIsUnderstood() {
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::5\n"),
                             ipVia("127.0.0.2", {"Forwarded: for=\"[2001:db8::5]:443\";proto=https"}));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.60\n"), ipVia("127.0.0.2", {"Forwarded: for=192.0.2.60;proto=http"}));
    }
    void garbageFromTrustedProxyFallsBackToPeer() {
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.2\n"), ipVia("127.0.0.2", {"X-Forwarded-For: not-an-address"}));
    }
    void spoofedLeftPartIsIgnored() {
        // The client wrote "1.1.1.1" itself; the trusted proxy appended the real peer.
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.9\n"),
                             ipVia("127.0.0.2", {"X-Forwarded-For: 1.1.1.1, 198.51.100.9"}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ProxyTest);
