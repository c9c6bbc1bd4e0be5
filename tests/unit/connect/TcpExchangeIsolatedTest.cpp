// Plain TCP exchanges (ABI 1.5) aimed at addresses the guard must refuse,
// only under `unshare -n` with nothing but loopback (IsolatedMain.cpp): a
// guard bug fails a test instead of sending a WHOIS query off the machine.
#include "tests/unit/connect/ConnectTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <fstream>

using namespace ipfacts::testing;
using ipfacts::facilities::connect::TcpExchangeRequest;
using ipfacts::facilities::connect::TcpExchangeResult;

class TcpExchangeIsolatedTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TcpExchangeIsolatedTest);
    CPPUNIT_TEST(refusedLiteralsAndNamesAreNeverContacted);
    CPPUNIT_TEST_SUITE_END();

public:
    void refusedLiteralsAndNamesAreNeverContacted() {
        std::ofstream(std::getenv("IPFACTS_TEST_HOSTS"), std::ios::app) << "10.0.0.1 whois.private.test\n";
        auto f = connectFacility({"127.0.0.1/32"});
        const std::pair<const char*, const char*> cases[] = {
            {"10.0.0.1", "refused: 10.0.0.1 is private (RFC 1918)"},
            {"169.254.169.254", "refused: 169.254.169.254 is link-local (RFC 3927)"},
            {"::ffff:10.0.0.1", "refused: ::ffff:10.0.0.1 embeds 10.0.0.1, private (RFC 1918)"},
            {"whois.private.test", "refused: 10.0.0.1 is private (RFC 1918)"},
        };
        for (const auto& [host, reason] : cases) {
            TcpExchangeRequest q;
            q.host = host;
            q.port = 43;
            q.payload = "192.0.2.1\r\n";
            q.timeout_ms = 3000;
            TcpExchangeResult r = f->exchangeAll({q}).front();
            CPPUNIT_ASSERT_EQUAL_MESSAGE(host, std::string(reason), r.error);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(host, 0, r.attempts);
            CPPUNIT_ASSERT(r.response.empty());
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TcpExchangeIsolatedTest);
