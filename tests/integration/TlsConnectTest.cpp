// The connect facility as a plugin sees it: the test plugin `tls` runs TLS
// probes through the host; the host's guard and the manifest's connect:
// section decide. The TLS servers are openssl s_server instances on
// 127.0.0.1 (on the suite's allow list) serving a chain this test makes;
// 127.0.0.2 is loopback the allow list does not open.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"
#include "tests/support/tls/OpensslServer.h"
#include "tests/support/tls/TestChain.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

namespace {

const TestChain& chain() {
    static TestChain c;
    return c;
}

const OpensslServer& server(const std::string& version_flag) {
    auto start = [](const std::string& flag) {
        return std::make_unique<OpensslServer>(std::vector<std::string>{flag, "-cert", chain().path("leaf.pem"), "-key",
                                                                        chain().path("leaf.key"), "-cert_chain",
                                                                        chain().path("chain.pem")});
    };
    static auto tls12 = start("-tls1_2");
    static auto tls13 = start("-tls1_3");
    return version_flag == "-tls1_2" ? *tls12 : *tls13;
}

std::string hex(const std::string& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : bytes) out += digits[c >> 4], out += digits[c & 15];
    return out;
}

/// The results array of /test/tls for `query`.
Poco::JSON::Array::Ptr probe(const std::string& query) {
    auto r = get("/test/tls?" + query);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    return parseJson(r.body)->getArray("results");
}

std::string port(const std::string& flag) { return std::to_string(server(flag).port()); }

}  // namespace

class TlsConnectTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TlsConnectTest);
    CPPUNIT_TEST(probeReadsVersionAndChainInOrder);
    CPPUNIT_TEST(versionMismatchReportsTheAlert);
    CPPUNIT_TEST(batchOfProbesInOneCall);
    CPPUNIT_TEST(guardRefusesWhatTheAllowListDoesNotOpen);
    CPPUNIT_TEST_SUITE_END();

public:
    void probeReadsVersionAndChainInOrder() {
        auto r = probe("address=127.0.0.1&max=1.3&port=" + port("-tls1_2"))->getObject(0);
        CPPUNIT_ASSERT_MESSAGE(r->getValue<std::string>("version"), r->get("error").isEmpty());
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.2"), r->getValue<std::string>("version"));
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r->getValue<std::string>("peer_address"));
        CPPUNIT_ASSERT_EQUAL(server("-tls1_2").port(), r->getValue<int>("peer_port"));
        auto c = r->getArray("chain");
        CPPUNIT_ASSERT_EQUAL(size_t(3), c->size());
        CPPUNIT_ASSERT_EQUAL(hex(chain().bytes("leaf.der")), c->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(hex(chain().bytes("intermediate.der")), c->getElement<std::string>(1));
        CPPUNIT_ASSERT_EQUAL(hex(chain().bytes("root.der")), c->getElement<std::string>(2));
        // The suite's connect: section trusts the system's store, which does not hold the
        // test root: verification fails, and is reported, not an error.
        CPPUNIT_ASSERT_EQUAL(19, r->getValue<int>("verify_code"));
        CPPUNIT_ASSERT_EQUAL(std::string("self-signed certificate in certificate chain"),
                             r->getValue<std::string>("verify_text"));
    }

    void versionMismatchReportsTheAlert() {
        auto min13 = probe("address=127.0.0.1&min=1.3&port=" + port("-tls1_2"))->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("TLS alert received: protocol version"),
                             min13->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), min13->getValue<std::string>("alert_received"));
        auto max12 = probe("address=127.0.0.1&max=1.2&port=" + port("-tls1_3"))->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), max12->getValue<std::string>("alert_received"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), max12->getValue<std::string>("version"));
        auto tls13 = probe("address=127.0.0.1&port=" + port("-tls1_3"))->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), tls13->getValue<std::string>("version"));
        CPPUNIT_ASSERT(!tls13->get("group").isEmpty());
    }

    void batchOfProbesInOneCall() {
        auto results = probe("address=127.0.0.1&port=" + port("-tls1_3") + "&port=" + port("-tls1_2"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), results->size());
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), results->getObject(0)->getValue<std::string>("version"));
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.2"), results->getObject(1)->getValue<std::string>("version"));
    }

    void guardRefusesWhatTheAllowListDoesNotOpen() {
        for (const std::string address : {"127.0.0.2", "::1", "::ffff:127.0.0.2"}) {
            auto r = probe("address=" + urlEncode(address) + "&port=" + port("-tls1_3"))->getObject(0);
            std::string error = r->getValue<std::string>("error");
            CPPUNIT_ASSERT_MESSAGE(address + ": " + error, error.rfind("refused: " + address + " ", 0) == 0);
            CPPUNIT_ASSERT_MESSAGE(error, error.find("loopback") != std::string::npos);
            CPPUNIT_ASSERT_EQUAL(std::string(""), r->getValue<std::string>("peer_address"));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TlsConnectTest);
