// The connect facility aimed at addresses the guard must refuse. Runs only in
// a network namespace with nothing but loopback (IsolatedMain.cpp, shared
// with the http suite, refuses to start anywhere else), so a guard bug fails
// a test instead of sending a packet off the machine. The guard allows
// 127.0.0.1/32, as a test deployment's would: the allow list must open
// nothing else.
#include "tests/support/tls/OpensslServer.h"
#include "tests/support/tls/TestChain.h"
#include "tests/unit/connect/ConnectTestSupport.h"

#include "host/facilities/connect/NameLookup.h"

#include <cppunit/extensions/HelperMacros.h>

#include <poll.h>

#include <cstdlib>
#include <fstream>

using namespace ipfacts::testing;
using ipfacts::facilities::connect::TlsProbeRequest;
using ipfacts::facilities::connect::TlsProbeResult;

namespace {

/// Adds a line to the private /etc/hosts IsolatedMain mounted.
void addHost(const std::string& line) {
    std::ofstream(std::getenv("IPFACTS_TEST_HOSTS"), std::ios::app) << line << "\n";
}

}  // namespace

class TlsProbeIsolatedTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TlsProbeIsolatedTest);
    CPPUNIT_TEST(refusedLiteralsAreNeverContacted);
    CPPUNIT_TEST(refusedNameIsNeverContacted);
    CPPUNIT_TEST(nameWithRefusedAndAllowedAddressesReachesOnlyTheAllowedOne);
    CPPUNIT_TEST_SUITE_END();

public:
    void refusedLiteralsAreNeverContacted() {
        auto f = connectFacility({"127.0.0.1/32"});
        const std::pair<const char*, const char*> cases[] = {
            {"10.0.0.1", "refused: 10.0.0.1 is private (RFC 1918)"},
            {"169.254.169.254", "refused: 169.254.169.254 is link-local (RFC 3927)"},
            {"::ffff:10.0.0.1", "refused: ::ffff:10.0.0.1 embeds 10.0.0.1, private (RFC 1918)"},
            {"64:ff9b::a00:1", "refused: 64:ff9b::a00:1 embeds 10.0.0.1, private (RFC 1918)"},
        };
        for (const auto& [address, reason] : cases) {
            TlsProbeResult r = probe(*f, probeOf(443, address));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(address, std::string(reason), r.error);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(address, 0, r.attempts);  // no socket was connected
            CPPUNIT_ASSERT_EQUAL(std::string(""), r.peer_address);
            CPPUNIT_ASSERT(r.chain.empty());
        }
        // The server name changes nothing: the address decides.
        TlsProbeRequest named = probeOf(443, "10.0.0.1");
        named.server_name = "localhost";
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"), probe(*f, named).error);
    }

    void refusedNameIsNeverContacted() {
        addHost("10.0.0.1 private.test");
        addHost("169.254.169.254 metadata.test");
        auto f = connectFacility({"127.0.0.1/32"});
        for (const auto& [name, reason] :
             {std::pair<std::string, std::string>{"private.test", "refused: 10.0.0.1 is private (RFC 1918)"},
              {"metadata.test", "refused: 169.254.169.254 is link-local (RFC 3927)"}}) {
            TlsProbeRequest q = probeOf(443, "");
            q.server_name = name;
            TlsProbeResult r = probe(*f, q);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, reason, r.error);
            CPPUNIT_ASSERT_EQUAL(0, r.attempts);
        }
    }

    void nameWithRefusedAndAllowedAddressesReachesOnlyTheAllowedOne() {
        TestChain chain;
        OpensslServer server({"-cert", chain.path("leaf.pem"), "-key", chain.path("leaf.key")});
        addHost("10.0.0.1 both.test");
        addHost("127.0.0.1 both.test");
        // The resolver gives both addresses: the guard, not the lookup, keeps 10.0.0.1 out.
        ipfacts::facilities::connect::NameLookup lookup("both.test");
        pollfd p{lookup.fd(), POLLIN, 0};
        CPPUNIT_ASSERT_EQUAL(1, ::poll(&p, 1, 10000));
        CPPUNIT_ASSERT_EQUAL(size_t(2), lookup.addresses().size());
        auto f = connectFacility({"127.0.0.1/32"});
        TlsProbeRequest q = probeOf(server.port(), "");
        q.server_name = "both.test";
        TlsProbeResult r = probe(*f, q);
        CPPUNIT_ASSERT_MESSAGE(r.error, r.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT_EQUAL(1, r.attempts);  // 10.0.0.1 was judged and skipped, never connected
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TlsProbeIsolatedTest);
