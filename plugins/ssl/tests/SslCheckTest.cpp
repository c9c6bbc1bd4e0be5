// The check through the SDK's fake host: what is resolved, which probes go
// to which address with which versions and SNI, guard refusals, the HTTPS
// reading (HEAD, then GET), failures as data, and the handler's 400s and
// body through the C ABI. Real certificates (make-certificates.sh) as the
// chain the fake connect facility hands back.
#include "HttpsReading.h"
#include "SslCheck.h"
#include "SslResponseWriter.h"
#include "TestCertificates.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <functional>
#include <sstream>

extern "C" const ipf_plugin_descriptor* ipfacts_plugin_v1(void);

namespace ipfacts::ssl {
namespace {

using testing::TestCertificates;

/// The settings of a manifest that sets no key: kConfig's defaults.
SslSettings defaults() {
    ipfacts::testing::FakeHost none;
    return SslSettings::fromConfig(none.host());
}

struct Fake : ipfacts::testing::FakeHost {
    Fake() {
        unlisted = ipfacts::testing::dnsAnswer(0);  // names no test lists: NOERROR, no records
        clock.nowMs =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count();
    }
};

TlsProbeReply goodReply(const std::string& peer) {
    TlsProbeReply r;
    r.peer_address = peer;
    r.peer_port = 443;
    r.version = "TLSv1.3";
    r.version_code = IPF_TLS_1_3;
    r.cipher = "TLS_AES_128_GCM_SHA256";
    r.group = "x25519";
    const auto& c = TestCertificates::get();
    r.chain = {c.bytes("site.der"), c.bytes("intermediate.der"), c.bytes("root.der")};
    r.verify_code = 0;
    r.verify_text = "ok";
    r.elapsed_ms = 12;
    return r;
}

const HostName kHost{"www.ssl.example.test", "www.ssl.example.test"};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string body(const SslFacts& f) {
    return writeSslResponse(f, ResponseStamp{"2026-11-22T18:51:11Z", "ipfacts.example"});
}

}  // namespace

class SslCheckTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SslCheckTest);
    CPPUNIT_TEST(readsCertificateFromFirstAddress);
    CPPUNIT_TEST(probesAskTls12AndTls13WithSni);
    CPPUNIT_TEST(guardRefusalMovesToTheNextAddress);
    CPPUNIT_TEST(everyAddressRefused);
    CPPUNIT_TEST(nameWithoutAddresses);
    CPPUNIT_TEST(handshakeFailureKeepsTheAlert);
    CPPUNIT_TEST(headRefusedFallsBackToGet);
    CPPUNIT_TEST(redirectIsReportedNotFollowed);
    CPPUNIT_TEST(httpsFailureIsData);
    CPPUNIT_TEST(withoutHttpFacility);
    CPPUNIT_TEST(handlerAnswers400WithToken);
    CPPUNIT_TEST(handlerUsesConfiguredPort);
    CPPUNIT_TEST(badConfigRefusesThePlugin);
    CPPUNIT_TEST(passingFailuresMakeTheAnswerTransient);
    CPPUNIT_TEST_SUITE_END();

public:
    void readsCertificateFromFirstAddress() {
        Fake fake;
        fake.answer("www.ssl.example.test", "A", {"192.0.2.10"});
        fake.answer("www.ssl.example.test", "AAAA", {"2001:db8::10"});
        fake.connect.respond("192.0.2.10", 443, goodReply("192.0.2.10"));
        fake.http.respond(
            "HEAD", "https://www.ssl.example.test/", 200, "",
            {{"Strict-Transport-Security", "max-age=63072000"}, {"Alt-Svc", "h3=\":443\""}, {"Server", "nginx"}});
        const SslFacts f = checkSsl(fake.host(), defaults(), kHost);
        CPPUNIT_ASSERT_EQUAL(size_t(2), f.addresses.size());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.10:443"), f.connectedAddress.value_or(""));
        CPPUNIT_ASSERT(f.certificate && f.probe.certificateRead);
        CPPUNIT_ASSERT_EQUAL(size_t(3), f.chainLength);
        CPPUNIT_ASSERT(f.chain && f.chain->trusted && f.chain->problems.empty());
        CPPUNIT_ASSERT(f.hostnameMatch.matched);
        CPPUNIT_ASSERT_EQUAL(std::string("www.ssl.example.test"), f.hostnameMatch.matchedName.value_or(""));
        CPPUNIT_ASSERT(f.tls13.supported);
        CPPUNIT_ASSERT_EQUAL(std::string("x25519"), f.tls13.group.value_or(""));
        CPPUNIT_ASSERT(f.https.reachable);
        CPPUNIT_ASSERT_EQUAL(200, f.https.status.value_or(0));
        CPPUNIT_ASSERT_EQUAL(std::string("max-age=63072000"), f.https.strictTransportSecurity.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("h3=\":443\""), f.https.altSvc.value_or(""));
        CPPUNIT_ASSERT(f.reasons.empty());
        const std::string b = body(f);
        CPPUNIT_ASSERT_MESSAGE(
            b,
            contains(
                b,
                R"("host":"www.ssl.example.test","ascii_host":"www.ssl.example.test","port":443,)"
                R"("addresses":[{"address":"192.0.2.10","family":"IPv4"},{"address":"2001:db8::10","family":"IPv6"}],)"
                R"("connected_address":"192.0.2.10:443","certificate":{"subject":"CN=www.ssl.example.test,O=ipfacts tests,C=DE",)"));
        CPPUNIT_ASSERT_MESSAGE(
            b, contains(b, R"("expiry_band":"ok","lifetime_days":60,"lifetime_policy":{"max_days":200,)"));
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("embedded_sct_count":2,)"));
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("chain_length":3,"chain":{"certificates":[)"));
        CPPUNIT_ASSERT_MESSAGE(
            b, contains(b, R"("trusted":true,"verify_result":"ok","problems":[]},"hostname_match":{"matched":true,)"));
        CPPUNIT_ASSERT_MESSAGE(
            b, contains(b, R"("probe":{"certificate_read":true,"method":"TLS 1.2 handshake with SNI",)"));
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("checked_at":"2026-11-22T18:51:11Z","source":"ipfacts.example"})"));
        CPPUNIT_ASSERT_EQUAL(0, fake.connect.openBatches);
        CPPUNIT_ASSERT_EQUAL(0, fake.http.openBatches);
    }

    void probesAskTls12AndTls13WithSni() {
        Fake fake;
        fake.answer("www.ssl.example.test", "A", {"192.0.2.10"});
        fake.connect.respond("192.0.2.10", 443, goodReply("192.0.2.10"));
        SslSettings s = defaults();
        s.probeTimeoutMs = 1234;
        checkSsl(fake.host(), s, kHost);
        CPPUNIT_ASSERT_EQUAL(1, fake.connect.probeCalls);  // both handshakes in one batch
        const auto& p = fake.connect.probes;
        CPPUNIT_ASSERT_EQUAL(size_t(2), p.size());
        for (const TlsProbeCall& c : p) {
            CPPUNIT_ASSERT_EQUAL(std::string("www.ssl.example.test"), c.server_name);
            CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.10"), c.address);
            CPPUNIT_ASSERT_EQUAL(443, static_cast<int>(c.port));
            CPPUNIT_ASSERT_EQUAL(1234, static_cast<int>(c.timeout_ms));
            CPPUNIT_ASSERT_EQUAL(static_cast<int>(c.min_version), static_cast<int>(c.max_version));
        }
        CPPUNIT_ASSERT_EQUAL(IPF_TLS_1_2, static_cast<int>(p[0].max_version));
        CPPUNIT_ASSERT_EQUAL(IPF_TLS_1_3, static_cast<int>(p[1].max_version));
    }

    void guardRefusalMovesToTheNextAddress() {
        Fake fake;
        fake.answer("www.ssl.example.test", "A", {"10.0.0.1", "192.0.2.10"});
        fake.connect.fail("10.0.0.1", 443, "refused: 10.0.0.1 is private (RFC 1918)");
        fake.connect.respond("192.0.2.10", 443, goodReply("192.0.2.10"));
        const SslFacts f = checkSsl(fake.host(), defaults(), kHost);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.10:443"), f.connectedAddress.value_or(""));
        CPPUNIT_ASSERT(f.certificate);
        CPPUNIT_ASSERT_EQUAL(size_t(4), fake.connect.probes.size());
    }

    void everyAddressRefused() {
        Fake fake;
        fake.answer("www.ssl.example.test", "A", {"10.0.0.1"});
        fake.answer("www.ssl.example.test", "AAAA", {"::ffff:127.0.0.1"});
        fake.connect.fail("10.0.0.1", 443, "refused: 10.0.0.1 is private (RFC 1918)");
        fake.connect.fail("::ffff:127.0.0.1", 443, "refused: ::ffff:127.0.0.1 embeds 127.0.0.1, loopback (RFC 1122)");
        const SslFacts f = checkSsl(fake.host(), defaults(), kHost);
        CPPUNIT_ASSERT(!f.certificate && !f.connectedAddress && !f.chain);
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918); refused: ::ffff:127.0.0.1 embeds "
                                         "127.0.0.1, loopback (RFC 1122)"),
                             f.probe.error.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("the TLS 1.2 handshake failed: ") + *f.probe.error,
                             std::string(f.reasons.find("certificate").value_or("")));
        CPPUNIT_ASSERT(!f.tls13.supported);
        const std::string b = body(f);
        CPPUNIT_ASSERT_MESSAGE(
            b,
            contains(
                b,
                R"("connected_address":null,"certificate":null,"chain_length":0,"chain":null,)"
                R"("hostname_match":{"matched":false,"matched_name":null,"checked_names":[],"used_common_name":false})"));
    }

    void nameWithoutAddresses() {
        Fake fake;
        fake.fail("www.ssl.example.test", "A", 3);
        fake.fail("www.ssl.example.test", "AAAA", 3);
        const SslFacts f = checkSsl(fake.host(), defaults(), kHost);
        CPPUNIT_ASSERT(f.addresses.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("not connected: the host name does not exist (NXDOMAIN)"),
                             f.probe.error.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("the host name does not exist (NXDOMAIN)"),
                             std::string(f.reasons.find("addresses").value_or("")));
        CPPUNIT_ASSERT(fake.connect.probes.empty());
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requests.size());  // the HTTPS reading still runs, and says why

        Fake timeout;
        timeout.answer("www.ssl.example.test", "A", {"192.0.2.10"});
        timeout.fail("www.ssl.example.test", "AAAA", -1, "timeout");
        timeout.connect.respond("192.0.2.10", 443, goodReply("192.0.2.10"));
        const SslFacts partial = checkSsl(timeout.host(), defaults(), kHost);
        CPPUNIT_ASSERT(partial.certificate);
        CPPUNIT_ASSERT_MESSAGE(
            std::string(partial.reasons.find("addresses").value_or("")),
            contains(std::string(partial.reasons.find("addresses").value_or("")), "the AAAA lookup failed: timeout"));
    }

    void handshakeFailureKeepsTheAlert() {
        Fake fake;
        fake.answer("www.ssl.example.test", "A", {"192.0.2.10"});
        TlsProbeReply r;
        r.peer_address = "192.0.2.10";
        r.peer_port = 443;
        r.alert_received = "protocol version";
        r.error = "TLS alert received: protocol version";
        r.elapsed_ms = 3;
        fake.connect.respond("192.0.2.10", 443, r);
        const SslFacts f = checkSsl(fake.host(), defaults(), kHost);
        CPPUNIT_ASSERT(!f.certificate);
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), f.probe.alert.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("TLS alert received: protocol version"), f.probe.error.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.10:443"), f.connectedAddress.value_or(""));
        CPPUNIT_ASSERT(!f.probe.certificateRead);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), f.probe.elapsedMs);
    }

    void headRefusedFallsBackToGet() {
        Fake fake;
        fake.http.respond("HEAD", "https://www.ssl.example.test/", 405, "");
        HttpReply big;
        big.status = 200;
        big.headers = {{"server", "tiny"}};
        big.error = "body over 1048576 bytes";
        fake.http.respond("GET", "https://www.ssl.example.test/", big);
        const HttpsOutcome h = readHttps(fake.host(), "www.ssl.example.test", 443, 4000);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), h.method);
        CPPUNIT_ASSERT_EQUAL(200, h.status.value_or(0));
        CPPUNIT_ASSERT_EQUAL(std::string("tiny"), h.server.value_or(""));
        CPPUNIT_ASSERT(!h.error);  // the body is not wanted
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
        CPPUNIT_ASSERT_EQUAL(0, static_cast<int>(fake.http.requests[0].max_redirects));
        CPPUNIT_ASSERT_EQUAL(4000, static_cast<int>(fake.http.requests[1].timeout_ms));
    }

    void redirectIsReportedNotFollowed() {
        Fake fake;
        fake.http.respond("HEAD", "https://www.ssl.example.test:8443/", 301, "",
                          {{"Location", "https://www.example.test/"}});
        const HttpsOutcome h = readHttps(fake.host(), "www.ssl.example.test", 8443, 4000);
        CPPUNIT_ASSERT_EQUAL(std::string("HEAD"), h.method);
        CPPUNIT_ASSERT_EQUAL(301, h.status.value_or(0));
        CPPUNIT_ASSERT_EQUAL(std::string("https://www.example.test/"), h.location.value_or(""));
        CPPUNIT_ASSERT(!h.strictTransportSecurity && !h.altSvc && !h.server);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requests.size());
    }

    void httpsFailureIsData() {
        Fake fake;
        fake.http.fail("HEAD", "https://www.ssl.example.test/",
                       "TLS: certificate verify failed: self-signed certificate");
        const HttpsOutcome h = readHttps(fake.host(), "www.ssl.example.test", 443, 4000);
        CPPUNIT_ASSERT(!h.reachable && !h.status);
        CPPUNIT_ASSERT_EQUAL(std::string("TLS: certificate verify failed: self-signed certificate"),
                             h.error.value_or(""));
    }

    void withoutHttpFacility() {
        Fake fake;
        fake.hasHttp = false;
        const HttpsOutcome h = readHttps(fake.host(), "www.ssl.example.test", 443, 4000);
        CPPUNIT_ASSERT_EQUAL(std::string(kNoHttpReason), h.error.value_or(""));
    }

    void handlerAnswers400WithToken() {
        Fake fake;
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        const std::pair<const char*, const char*> cases[] = {
            {"https://example.com/", "scheme_not_allowed"},
            {"192.0.2.1", "address_not_allowed"},
            {"example.com:443", "port_not_allowed"},
            {"example.com/x", "path_not_allowed"},
            {"localhost", "invalid_host"},
        };
        for (const auto& [host, token] : cases) {
            fake.query = {{"host", host}};
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("check"));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(host, 400, fake.written.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(host, std::string(token), fake.written.errorToken);
        }
        CPPUNIT_ASSERT(fake.connect.probes.empty() && fake.http.requests.empty() && fake.asked.empty());
        CPPUNIT_ASSERT(plugin.handler("check").flags == 0);  // blocking: never on the event loop
    }

    void handlerUsesConfiguredPort() {
        Fake fake;
        fake.config["port"] = "8443";
        fake.answer("www.ssl.example.test", "A", {"192.0.2.10"});
        TlsProbeReply r = goodReply("192.0.2.10");
        r.peer_port = 8443;
        fake.connect.respond("192.0.2.10", 8443, r);
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"host", "WWW.ssl.example.test"}};
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("check"));
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT_MESSAGE(
            fake.written.body,
            contains(fake.written.body,
                     R"("host":"WWW.ssl.example.test","ascii_host":"www.ssl.example.test","port":8443,)"));
        CPPUNIT_ASSERT_MESSAGE(fake.written.body,
                               contains(fake.written.body, R"("connected_address":"192.0.2.10:8443")"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requestsFor("HEAD", "https://www.ssl.example.test:8443/"));
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
    }

    // A time-out or a connection that could not be made, in any part, marks
    // the answer transient through the handler; what the server answered
    // (an alert, a certificate that does not verify) and a guard refusal do not.
    void passingFailuresMakeTheAnswerTransient() {
        auto transientWith = [](const std::function<void(Fake&)>& setUp) {
            Fake fake;
            fake.answer("www.ssl.example.test", "A", {"192.0.2.10"});
            fake.connect.respond("192.0.2.10", 443, goodReply("192.0.2.10"));
            fake.http.respond("HEAD", "https://www.ssl.example.test/", 200, "");
            setUp(fake);
            ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            fake.query = {{"host", "www.ssl.example.test"}};
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("check"));
            CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
            return fake.written.transient;
        };
        CPPUNIT_ASSERT(!transientWith([](Fake&) {}));
        CPPUNIT_ASSERT(transientWith([](Fake& f) { f.connect.fail("192.0.2.10", 443, "timeout after 3000 ms"); }));
        CPPUNIT_ASSERT(transientWith([](Fake& f) { f.connect.fail("192.0.2.10", 443, "connection refused"); }));
        CPPUNIT_ASSERT(transientWith(
            [](Fake& f) { f.http.fail("HEAD", "https://www.ssl.example.test/", "timeout after 4000 ms"); }));
        CPPUNIT_ASSERT(transientWith([](Fake& f) {
            f.http.fail("HEAD", "https://www.ssl.example.test/", "connection failed: connection refused");
        }));
        CPPUNIT_ASSERT(transientWith([](Fake& f) { f.fail("www.ssl.example.test", "AAAA", -1, "timeout"); }));
        CPPUNIT_ASSERT(!transientWith([](Fake& f) {
            f.http.fail("HEAD", "https://www.ssl.example.test/",
                        "TLS: certificate verify failed: self-signed certificate");
        }));
        CPPUNIT_ASSERT(!transientWith([](Fake& f) {
            TlsProbeReply alert;
            alert.peer_address = "192.0.2.10";
            alert.alert_received = "protocol version";
            alert.error = "TLS alert received: protocol version";
            f.connect.respond("192.0.2.10", 443, alert);
        }));
        CPPUNIT_ASSERT(!transientWith(
            [](Fake& f) { f.connect.fail("192.0.2.10", 443, "refused: 192.0.2.10 is documentation (RFC 5737)"); }));
    }

    void badConfigRefusesThePlugin() {
        for (const char* port : {"0", "65536", "443x", ""}) {
            Fake fake;
            fake.config["port"] = port;
            CPPUNIT_ASSERT_THROW_MESSAGE(port, ipfacts::testing::LoadedPlugin(fake, ipfacts_plugin_v1()),
                                         std::runtime_error);
        }
        Fake fake;
        fake.config["public_suffixes"] = "/nonexistent/suffixes.txt";
        CPPUNIT_ASSERT_THROW(ipfacts::testing::LoadedPlugin(fake, ipfacts_plugin_v1()), std::runtime_error);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SslCheckTest);

}  // namespace ipfacts::ssl
