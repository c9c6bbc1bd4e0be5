// The words of a failed DoH exchange: a resolver whose own host name does
// not resolve is named by that host, never read as the queried name failing.
#include "host/facilities/doh/DohClient.h"

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::dohFailureText;

class DohFailureTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DohFailureTextTest);
    CPPUNIT_TEST(unresolvedHostIsTheResolvers);
    CPPUNIT_TEST(pinnedResolutionKeepsItsCause);
    CPPUNIT_TEST(otherFailuresAreKept);
    CPPUNIT_TEST_SUITE_END();

public:
    void unresolvedHostIsTheResolvers() {
        CPPUNIT_ASSERT_EQUAL(std::string("cannot resolve the DoH resolver's host name dns.example"),
                             dohFailureText("https://dns.example/dns-query", "cannot resolve the host name"));
        CPPUNIT_ASSERT_EQUAL(std::string("cannot resolve the DoH resolver's host name doh.example.net"),
                             dohFailureText("https://user@DoH.Example.NET:8443/q?dns", "cannot resolve the host name"));
    }

    void pinnedResolutionKeepsItsCause() {
        CPPUNIT_ASSERT_EQUAL(std::string("cannot resolve the DoH resolver's host name dns.example: NXDOMAIN"),
                             dohFailureText("https://dns.example/dns-query", "cannot resolve the host name: NXDOMAIN"));
    }

    void otherFailuresAreKept() {
        for (const char* e :
             {"connection failed: connection refused", "timeout after 1000 ms", "TLS: handshake failed"})
            CPPUNIT_ASSERT_EQUAL(std::string(e), dohFailureText("https://127.0.0.1:9/dns-query", e));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DohFailureTextTest);
