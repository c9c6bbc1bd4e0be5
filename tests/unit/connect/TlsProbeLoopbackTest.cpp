// The connect facility against real peers on 127.0.0.1: openssl s_server
// instances serving a root -> intermediate -> leaf chain made by the test
// (tests/support/tls/make-chain.sh), and raw listeners that close at once,
// never answer, or refuse. The guard allows 127.0.0.1/32 only.
#include "tests/support/tls/OpensslServer.h"
#include "tests/support/tls/RawListeners.h"
#include "tests/support/tls/TestChain.h"
#include "tests/unit/connect/ConnectTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

#include <chrono>

using namespace ipfacts::testing;
using ipfacts::facilities::connect::ConnectConfig;
using ipfacts::facilities::connect::TlsProbeRequest;
using ipfacts::facilities::connect::TlsProbeResult;

namespace {

const TestChain& chain() {
    static TestChain c;
    return c;
}

/// s_server with the leaf and its chain (intermediate, root) and `extra` arguments.
std::vector<std::string> serving(std::vector<std::string> extra) {
    std::vector<std::string> args{"-cert",       chain().path("leaf.pem"), "-key", chain().path("leaf.key"),
                                  "-cert_chain", chain().path("chain.pem")};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

const OpensslServer& tls12Only() {
    static OpensslServer s(serving({"-tls1_2"}));
    return s;
}
const OpensslServer& tls13Only() {
    static OpensslServer s(serving({"-tls1_3"}));
    return s;
}

std::unique_ptr<ipfacts::facilities::connect::ConnectFacility> trusting() {
    return connectFacility({"127.0.0.1/32"}, chain().path("root.pem"));
}

std::string describe(const TlsProbeResult& r) {
    return "error='" + r.error + "' version='" + r.version + "' alert_received='" + r.alert_received +
           "' alert_sent='" + r.alert_sent + "' peer=" + r.peer_address + ":" + std::to_string(r.peer_port);
}

}  // namespace

class TlsProbeLoopbackTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TlsProbeLoopbackTest);
    CPPUNIT_TEST(tls12ServerNegotiatesTls12UnderMax13);
    CPPUNIT_TEST(tls12ServerAnswersMin13WithAnAlert);
    CPPUNIT_TEST(tls13ServerAnswersMax12WithAnAlert);
    CPPUNIT_TEST(tls13ServerNegotiatesTls13AndItsGroup);
    CPPUNIT_TEST(peerThatClosesAtOnceIsClosedDuringHandshake);
    CPPUNIT_TEST(silentPeerTimesOutWithinItsBound);
    CPPUNIT_TEST(selfSignedChainIsReadAndVerificationReported);
    CPPUNIT_TEST(unknownCaIsReportedNotAnError);
    CPPUNIT_TEST(closedPortIsConnectionRefused);
    CPPUNIT_TEST(guardRefusesLoopbackWithoutAnAllowList);
    CPPUNIT_TEST(nameResolvesAndEveryAddressIsGuarded);
    CPPUNIT_TEST(sniReachesTheServer);
    CPPUNIT_TEST(stapledOcspAndAlpnAreReported);
    CPPUNIT_TEST(batchProbesRunConcurrently);
    CPPUNIT_TEST(batchResultsStayInOrder);
    CPPUNIT_TEST(maxConcurrentRefusesPastTheLimit);
    CPPUNIT_TEST(timeoutIsCappedByTheManifest);
    CPPUNIT_TEST(malformedRequestsOpenNoSocket);
    CPPUNIT_TEST_SUITE_END();

public:
    void tls12ServerNegotiatesTls12UnderMax13() {
        auto f = trusting();
        TlsProbeRequest q = probeOf(tls12Only().port());
        q.max_version = TLS1_3_VERSION;
        TlsProbeResult r = probe(*f, q);
        CPPUNIT_ASSERT_MESSAGE(describe(r), r.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.2"), r.version);
        CPPUNIT_ASSERT_EQUAL(uint16_t(TLS1_2_VERSION), r.version_code);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT_EQUAL(tls12Only().port(), int(r.peer_port));
        CPPUNIT_ASSERT_EQUAL(1, r.attempts);
        CPPUNIT_ASSERT_MESSAGE(r.cipher, r.cipher.rfind("TLS_ECDHE_ECDSA_WITH_", 0) == 0);
        CPPUNIT_ASSERT(!r.cipher_openssl.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("x25519"), r.group);  // ECDHE's curve, TLS 1.2 too
        // The chain as sent, leaf first, byte for byte.
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.chain.size());
        CPPUNIT_ASSERT(r.chain[0] == chain().bytes("leaf.der"));
        CPPUNIT_ASSERT(r.chain[1] == chain().bytes("intermediate.der"));
        CPPUNIT_ASSERT(r.chain[2] == chain().bytes("root.der"));
        CPPUNIT_ASSERT_EQUAL(int(X509_V_OK), r.verify_code);
        CPPUNIT_ASSERT_EQUAL(std::string("ok"), r.verify_text);
        CPPUNIT_ASSERT_EQUAL(std::string(""), r.alert_received);
    }

    void tls12ServerAnswersMin13WithAnAlert() {
        auto f = trusting();
        TlsProbeRequest q = probeOf(tls12Only().port());
        q.min_version = TLS1_3_VERSION;
        TlsProbeResult r = probe(*f, q);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(describe(r), std::string("TLS alert received: protocol version"), r.error);
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), r.alert_received);
        CPPUNIT_ASSERT_EQUAL(std::string(""), r.version);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);  // it connected; TLS failed
        CPPUNIT_ASSERT(r.chain.empty());
        CPPUNIT_ASSERT_EQUAL(-1, r.verify_code);
    }

    void tls13ServerAnswersMax12WithAnAlert() {
        auto f = trusting();
        TlsProbeRequest q = probeOf(tls13Only().port());
        q.max_version = TLS1_2_VERSION;
        TlsProbeResult r = probe(*f, q);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(describe(r), std::string("TLS alert received: protocol version"), r.error);
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), r.alert_received);
        CPPUNIT_ASSERT_EQUAL(uint16_t(0), r.version_code);
    }

    void tls13ServerNegotiatesTls13AndItsGroup() {
        auto f = trusting();
        TlsProbeResult r = probe(*f, probeOf(tls13Only().port()));  // default versions: 1.0 - 1.3
        CPPUNIT_ASSERT_MESSAGE(describe(r), r.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), r.version);
        CPPUNIT_ASSERT_EQUAL(uint16_t(TLS1_3_VERSION), r.version_code);
        CPPUNIT_ASSERT_MESSAGE(r.cipher, r.cipher.rfind("TLS_AES_", 0) == 0 || r.cipher.rfind("TLS_CHACHA20_", 0) == 0);
        // OpenSSL's first choice of group; X25519MLKEM768 where the OpenSSL in use knows it.
        CPPUNIT_ASSERT_MESSAGE(r.group, r.group == "x25519" || r.group == "X25519MLKEM768");
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.chain.size());
        CPPUNIT_ASSERT(r.chain[0] == chain().bytes("leaf.der"));
        CPPUNIT_ASSERT_EQUAL(int(X509_V_OK), r.verify_code);
    }

    void peerThatClosesAtOnceIsClosedDuringHandshake() {
        ClosingListener closing;
        auto f = trusting();
        TlsProbeResult r = probe(*f, probeOf(closing.port(), "127.0.0.1", 10000));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(describe(r), std::string("closed during handshake"), r.error);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT_EQUAL(1, closing.accepted());
        CPPUNIT_ASSERT(r.chain.empty());
    }

    void silentPeerTimesOutWithinItsBound() {
        SilentListener silent;
        auto f = trusting();
        const auto start = std::chrono::steady_clock::now();
        TlsProbeResult r = probe(*f, probeOf(silent.port(), "127.0.0.1", 300));
        const auto waited = std::chrono::steady_clock::now() - start;
        CPPUNIT_ASSERT_EQUAL_MESSAGE(describe(r), std::string("timeout after 300 ms"), r.error);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);  // connected; the handshake never came
        CPPUNIT_ASSERT(r.elapsed_ms >= 300);
        // Not a timing measurement: a bound far above 300 ms that only a hang would pass.
        CPPUNIT_ASSERT(waited < std::chrono::seconds(10));
    }

    void selfSignedChainIsReadAndVerificationReported() {
        OpensslServer self({"-cert", chain().path("self.pem"), "-key", chain().path("self.key")});
        auto f = trusting();
        TlsProbeResult r = probe(*f, probeOf(self.port()));
        CPPUNIT_ASSERT_MESSAGE(describe(r), r.ok());  // verification never stops the read
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.chain.size());
        CPPUNIT_ASSERT(r.chain[0] == chain().bytes("self.der"));
        CPPUNIT_ASSERT_EQUAL(int(X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT), r.verify_code);
        CPPUNIT_ASSERT_EQUAL(std::string("self-signed certificate"), r.verify_text);
    }

    void unknownCaIsReportedNotAnError() {
        auto f = connectFacility({"127.0.0.1/32"});  // the system's store: the test root is not in it
        TlsProbeResult r = probe(*f, probeOf(tls13Only().port()));
        CPPUNIT_ASSERT_MESSAGE(describe(r), r.ok());
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.chain.size());
        CPPUNIT_ASSERT_EQUAL(int(X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN), r.verify_code);
        CPPUNIT_ASSERT_EQUAL(std::string("self-signed certificate in certificate chain"), r.verify_text);
    }

    void closedPortIsConnectionRefused() {
        ClosedPort closed;
        auto f = trusting();
        TlsProbeResult r = probe(*f, probeOf(closed.port()));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(describe(r), std::string("connection refused"), r.error);
        CPPUNIT_ASSERT_EQUAL(1, r.attempts);
        CPPUNIT_ASSERT_EQUAL(std::string(""), r.peer_address);
    }

    void guardRefusesLoopbackWithoutAnAllowList() {
        auto f = connectFacility({});
        for (const std::string a : {"127.0.0.1", "::1", "::ffff:127.0.0.1"}) {
            TlsProbeResult r = probe(*f, probeOf(tls12Only().port(), a));
            CPPUNIT_ASSERT_MESSAGE(a + ": " + r.error, r.error.rfind("refused: " + a + " ", 0) == 0);
            CPPUNIT_ASSERT_MESSAGE(r.error, r.error.find("loopback") != std::string::npos);
            CPPUNIT_ASSERT_EQUAL(0, r.attempts);
            CPPUNIT_ASSERT_EQUAL(std::string(""), r.peer_address);
        }
    }

    void nameResolvesAndEveryAddressIsGuarded() {
        // localhost: 127.0.0.1 from /etc/hosts, perhaps ::1 too; only 127.0.0.1 is allowed.
        TlsProbeRequest q = probeOf(tls13Only().port(), "");
        q.server_name = "localhost";
        TlsProbeResult r = probe(*trusting(), q);
        CPPUNIT_ASSERT_MESSAGE(describe(r), r.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        // Nothing allowed: the name's addresses are judged like literals, none is contacted.
        TlsProbeResult refused = probe(*connectFacility({}), q);
        CPPUNIT_ASSERT_MESSAGE(refused.error, refused.error.rfind("refused: ", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(0, refused.attempts);
    }

    void sniReachesTheServer() {
        // s_server answers with the self-signed certificate when the SNI is alt.test.
        OpensslServer sni(serving(
            {"-servername", "alt.test", "-cert2", chain().path("self.pem"), "-key2", chain().path("self.key")}));
        auto f = trusting();
        TlsProbeRequest q = probeOf(sni.port());
        q.server_name = "alt.test";
        TlsProbeResult named = probe(*f, q);
        CPPUNIT_ASSERT_MESSAGE(describe(named), named.ok());
        CPPUNIT_ASSERT(named.chain.at(0) == chain().bytes("self.der"));
        TlsProbeResult unnamed = probe(*f, probeOf(sni.port()));
        CPPUNIT_ASSERT(unnamed.chain.at(0) == chain().bytes("leaf.der"));
        // An address as the server name is not sent as SNI (RFC 6066).
        q.server_name = "127.0.0.1";
        CPPUNIT_ASSERT(probe(*f, q).chain.at(0) == chain().bytes("leaf.der"));
    }

    void stapledOcspAndAlpnAreReported() {
        OpensslServer stapling(serving({"-status_file", chain().path("ocsp.der"), "-alpn", "http/1.1"}));
        auto f = trusting();
        TlsProbeRequest q = probeOf(stapling.port());
        q.alpn = {"h2", "http/1.1"};
        TlsProbeResult r = probe(*f, q);
        CPPUNIT_ASSERT_MESSAGE(describe(r), r.ok());
        CPPUNIT_ASSERT(r.ocsp_response == chain().bytes("ocsp.der"));
        CPPUNIT_ASSERT_EQUAL(std::string("http/1.1"), r.alpn);
        // Without stapling or ALPN, both are empty.
        TlsProbeResult plain = probe(*f, probeOf(tls13Only().port()));
        CPPUNIT_ASSERT(plain.ocsp_response.empty());
        CPPUNIT_ASSERT(plain.alpn.empty());
    }

    void batchProbesRunConcurrently() {
        // The listener answers (closes) only once two connections are open at the
        // same time: probes run one after the other would both time out.
        ClosingListener pair(2);
        auto f = trusting();
        auto results =
            f->probeAll({probeOf(pair.port(), "127.0.0.1", 10000), probeOf(pair.port(), "127.0.0.1", 10000)});
        for (const auto& r : results)
            CPPUNIT_ASSERT_EQUAL_MESSAGE(describe(r), std::string("closed during handshake"), r.error);
        CPPUNIT_ASSERT_EQUAL(2, pair.accepted());
    }

    void batchResultsStayInOrder() {
        SilentListener silent;
        ClosedPort closed;
        auto f = trusting();
        TlsProbeRequest min13 = probeOf(tls12Only().port());
        min13.min_version = TLS1_3_VERSION;
        auto results = f->probeAll({probeOf(silent.port(), "127.0.0.1", 300), probeOf(tls12Only().port()), min13,
                                    probeOf(closed.port()), probeOf(tls13Only().port())});
        CPPUNIT_ASSERT_EQUAL(size_t(5), results.size());
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 300 ms"), results[0].error);
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.2"), results[1].version);
        CPPUNIT_ASSERT_EQUAL(std::string("TLS alert received: protocol version"), results[2].error);
        CPPUNIT_ASSERT_EQUAL(std::string("connection refused"), results[3].error);
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), results[4].version);
    }

    void maxConcurrentRefusesPastTheLimit() {
        ConnectConfig c;
        c.max_concurrent = 1;
        auto f = connectFacility({"127.0.0.1/32"}, chain().path("root.pem"), c);
        auto results = f->probeAll({probeOf(tls13Only().port()), probeOf(tls13Only().port())});
        CPPUNIT_ASSERT_MESSAGE(describe(results[0]), results[0].ok());
        CPPUNIT_ASSERT_EQUAL(std::string("busy: all 1 connection slots are in use (connect.max_concurrent)"),
                             results[1].error);
        CPPUNIT_ASSERT_EQUAL(0, results[1].attempts);
        // The slot comes back when the batch ends.
        CPPUNIT_ASSERT(probe(*f, probeOf(tls13Only().port())).ok());
    }

    void timeoutIsCappedByTheManifest() {
        SilentListener silent;
        ConnectConfig c;
        c.timeout_ms = 150;
        c.max_timeout_ms = 200;
        auto f = connectFacility({"127.0.0.1/32"}, "", c);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 200 ms"),
                             probe(*f, probeOf(silent.port(), "127.0.0.1", 60000)).error);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 150 ms"),
                             probe(*f, probeOf(silent.port(), "127.0.0.1", 0)).error);
    }

    void malformedRequestsOpenNoSocket() {
        auto f = trusting();
        auto check = [&](TlsProbeRequest q, const std::string& expected) {
            TlsProbeResult r = probe(*f, q);
            CPPUNIT_ASSERT_EQUAL(expected, r.error);
            CPPUNIT_ASSERT_EQUAL(0, r.attempts);
        };
        TlsProbeRequest q = probeOf(tls12Only().port());
        q.port = 0;
        check(q, "port is required (1-65535)");
        check(probeOf(443, ""), "a server name or an address is required");
        check(probeOf(443, "10.0.0.300"), "address '10.0.0.300' is not an IP address literal");
        q = probeOf(443, "");
        q.server_name = "a b.example";
        check(q, "server name 'a b.example' is not a host name");
        q = probeOf(443);
        q.min_version = TLS1_3_VERSION;
        q.max_version = TLS1_2_VERSION;
        check(q, "minimum TLS version TLS 1.3 is above the maximum TLS 1.2");
        q.min_version = 0x0300;
        q.max_version = 0;
        check(q, "minimum TLS version 0x0300 is not TLS 1.0-1.3");
        q = probeOf(443);
        q.alpn = {"h2", ""};
        check(q, "ALPN protocol names are 1-255 bytes");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TlsProbeLoopbackTest);
