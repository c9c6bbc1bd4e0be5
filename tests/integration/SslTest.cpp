// /api/v1/ssl over HTTP: the ssl plugin reads real TLS servers (openssl
// s_server on 127.0.0.1) through the host's connect facility, with names the
// test unbound resolves (*.ssl.example.test -> 127.0.0.1, tests/dns/zones).
// The plugin checks one configured port, so the servers sit behind a relay
// on that port and an ipfactsd of this suite's own points the plugin at it
// (the shared daemon's ssl plugin keeps port 443; it answers the 400s here).
// Bodies are recorded for the OpenAPI validation like every other.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"
#include "tests/support/tls/OpensslServer.h"
#include "tests/support/tls/RawListeners.h"
#include "tests/support/tls/TcpRelay.h"
#include "tests/support/tls/TestChain.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

#include <chrono>
#include <memory>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

const TestChain& certificates() {
    static TestChain c("make-certificates.sh");
    return c;
}

TcpRelay& relay() {
    static TcpRelay r;
    return r;
}

/// The suite's ipfactsd with the ssl plugin pointed at the relay.
Service& sslService() {
    static std::unique_ptr<Service> s = [] {
        auto service = std::make_unique<Service>("ssl", [](std::string& text) {
            replace(text, "ssl: { library: ssl, config: { port: 443,",
                    "ssl: { library: ssl, config: { port: " + std::to_string(relay().port()) + ",");
        });
        service->start();
        return service;
    }();
    return *s;
}

/// An s_server with `args` (after -accept and -www), made the relay's backend.
std::unique_ptr<OpensslServer> serve(std::vector<std::string> args) {
    auto server = std::make_unique<OpensslServer>(args);
    relay().forwardTo(server->port());
    return server;
}

std::vector<std::string> siteWith(const std::string& chainFile) {
    std::vector<std::string> args{"-cert", certificates().path("site.pem"), "-key", certificates().path("site.key")};
    if (!chainFile.empty()) args.insert(args.end(), {"-cert_chain", certificates().path(chainFile)});
    return args;
}

/// GET /api/v1/ssl?host=<host> on `service`: 200 with the SSL cache header,
/// or no-store when a part of the check failed in passing.
Object::Ptr check(const std::string& host, Service& service = sslService(),
                  const std::string& cacheControl = "public, max-age=300") {
    HttpClient c("127.0.0.1", service.port());
    const std::string target = "/api/v1/ssl?host=" + urlEncode(host);
    c.sendRaw("GET " + target + " HTTP/1.1\r\nHost: ipfacts.test\r\n\r\n");
    auto r = c.read(false, std::chrono::seconds(20));
    CPPUNIT_ASSERT_MESSAGE("no answer for " + host, r.has_value());
    Service::instance().record("GET", target, *r);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r->body, 200, r->status);
    CPPUNIT_ASSERT_EQUAL(cacheControl, r->header("Cache-Control").value_or(""));
    if (cacheControl == "no-store") CPPUNIT_ASSERT(!r->header("Age"));
    return parseJson(r->body);
}

std::string opensslValue(const std::string& pem, const std::string& option, const std::string& key) {
    const std::string out = runCommand("openssl x509 -noout " + option + " -in " + certificates().path(pem));
    const size_t at = out.find(key + "=");
    return out.substr(at + key.size() + 1, out.find('\n', at) - at - key.size() - 1);
}

std::vector<std::string> problems(const Object::Ptr& body) {
    std::vector<std::string> out;
    auto list = body->getObject("chain")->getArray("problems");
    for (size_t i = 0; i < list->size(); ++i)
        out.push_back(list->getObject(static_cast<unsigned>(i))->getValue<std::string>("problem"));
    return out;
}

std::string relayAddress() { return "127.0.0.1:" + std::to_string(relay().port()); }

}  // namespace

class SslTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SslTest);
    CPPUNIT_TEST(validChainIsReadAndMatched);
    CPPUNIT_TEST(missingIntermediateNamesTheAiaUrl);
    CPPUNIT_TEST(outOfOrderChainIsDiagnosed);
    CPPUNIT_TEST(tls13OnlyServerHasNoCertificate);
    CPPUNIT_TEST(serverThatClosesAtOnce);
    CPPUNIT_TEST(internationalNameIsSentAsALabel);
    CPPUNIT_TEST(parameterErrorsHaveTokens);
    CPPUNIT_TEST(timedOutHandshakeKeepsTheAnswerOutOfCaches);
    CPPUNIT_TEST_SUITE_END();

public:
    void validChainIsReadAndMatched() {
        auto server = serve(siteWith("site-chain.pem"));
        auto body = check("Valid.SSL.example.test");
        CPPUNIT_ASSERT_EQUAL(std::string("valid.ssl.example.test"), body->getValue<std::string>("ascii_host"));
        CPPUNIT_ASSERT_EQUAL(relay().port(), body->getValue<int>("port"));
        CPPUNIT_ASSERT_EQUAL(relayAddress(), body->getValue<std::string>("connected_address"));
        auto address = body->getArray("addresses")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), address->getValue<std::string>("address"));
        CPPUNIT_ASSERT_EQUAL(std::string("IPv4"), address->getValue<std::string>("family"));

        auto cert = body->getObject("certificate");
        CPPUNIT_ASSERT_EQUAL(opensslValue("site.pem", "-serial", "serial"), cert->getValue<std::string>("serial"));
        CPPUNIT_ASSERT_EQUAL(opensslValue("site.pem", "-fingerprint -sha256", "sha256 Fingerprint"),
                             cert->getValue<std::string>("fingerprint_sha256"));
        CPPUNIT_ASSERT_EQUAL(opensslValue("site.pem", "-subject -nameopt RFC2253", "subject"),
                             cert->getValue<std::string>("subject"));
        CPPUNIT_ASSERT_EQUAL(std::string("ok"), cert->getValue<std::string>("expiry_band"));
        CPPUNIT_ASSERT_EQUAL(60, cert->getValue<int>("lifetime_days"));
        CPPUNIT_ASSERT_EQUAL(2, cert->getValue<int>("embedded_sct_count"));
        CPPUNIT_ASSERT_EQUAL(3, body->getValue<int>("chain_length"));

        auto match = body->getObject("hostname_match");
        CPPUNIT_ASSERT(match->getValue<bool>("matched"));
        CPPUNIT_ASSERT_EQUAL(std::string("*.ssl.example.test"), match->getValue<std::string>("matched_name"));
        CPPUNIT_ASSERT(!match->getValue<bool>("used_common_name"));

        // The suite's connect: section trusts the system's store, which lacks the test root.
        auto chain = body->getObject("chain");
        CPPUNIT_ASSERT(!chain->getValue<bool>("trusted"));
        CPPUNIT_ASSERT(problems(body) == std::vector<std::string>{"untrusted_root"});
        CPPUNIT_ASSERT_EQUAL(std::string("CN=ipfacts test intermediate"),
                             chain->getArray("certificates")->getObject(1)->getValue<std::string>("subject"));

        auto probe = body->getObject("probe");
        CPPUNIT_ASSERT(probe->getValue<bool>("certificate_read"));
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.2"), probe->getValue<std::string>("negotiated_version"));
        CPPUNIT_ASSERT(probe->isNull("error") && probe->isNull("alert"));
        auto tls13 = body->getObject("tls13");
        CPPUNIT_ASSERT(tls13->getValue<bool>("supported"));
        CPPUNIT_ASSERT(!tls13->isNull("group"));
        // The http facility resolves through the system, which does not know the test zone.
        auto https = body->getObject("https");
        CPPUNIT_ASSERT(!https->getValue<bool>("reachable"));
        CPPUNIT_ASSERT(!https->isNull("error"));
        CPPUNIT_ASSERT(!body->has("reasons"));
    }

    void missingIntermediateNamesTheAiaUrl() {
        auto server = serve(siteWith(""));
        auto body = check("missing.ssl.example.test");
        CPPUNIT_ASSERT_EQUAL(1, body->getValue<int>("chain_length"));
        auto chain = body->getObject("chain");
        CPPUNIT_ASSERT(!chain->getValue<bool>("trusted"));
        CPPUNIT_ASSERT_EQUAL(std::string("unable to get local issuer certificate"),
                             chain->getValue<std::string>("verify_result"));
        auto problem = chain->getArray("problems")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("missing_intermediate"), problem->getValue<std::string>("problem"));
        CPPUNIT_ASSERT_EQUAL(std::string("http://ca.ipfacts.test/intermediate.der"),
                             problem->getValue<std::string>("url"));
        CPPUNIT_ASSERT(body->getObject("certificate")->getValue<bool>("is_certificate_authority") == false);
    }

    void outOfOrderChainIsDiagnosed() {
        auto server = serve(siteWith("chain-reversed.pem"));
        auto body = check("reversed.ssl.example.test");
        CPPUNIT_ASSERT_EQUAL(3, body->getValue<int>("chain_length"));
        CPPUNIT_ASSERT(problems(body) == (std::vector<std::string>{"wrong_order", "untrusted_root"}));
        auto certs = body->getObject("chain")->getArray("certificates");
        CPPUNIT_ASSERT_EQUAL(std::string("CN=ipfacts test root"),
                             certs->getObject(1)->getValue<std::string>("subject"));
        CPPUNIT_ASSERT(certs->getObject(1)->getValue<bool>("self_signed"));
    }

    void tls13OnlyServerHasNoCertificate() {
        std::vector<std::string> args = siteWith("site-chain.pem");
        args.push_back("-tls1_3");
        auto server = serve(args);
        auto body = check("tls13.ssl.example.test");
        CPPUNIT_ASSERT(body->isNull("certificate"));
        CPPUNIT_ASSERT(body->isNull("chain"));
        CPPUNIT_ASSERT_EQUAL(0, body->getValue<int>("chain_length"));
        auto probe = body->getObject("probe");
        CPPUNIT_ASSERT(!probe->getValue<bool>("certificate_read"));
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), probe->getValue<std::string>("alert"));
        CPPUNIT_ASSERT(!probe->isNull("error"));
        auto tls13 = body->getObject("tls13");
        CPPUNIT_ASSERT(tls13->getValue<bool>("supported"));
        CPPUNIT_ASSERT_EQUAL(std::string("TLS_"), tls13->getValue<std::string>("cipher_suite").substr(0, 4));
        auto https = body->getObject("https");  // the HTTPS reading is there, with what it found
        CPPUNIT_ASSERT(https->has("reachable") && https->has("status") && https->has("error"));
        const std::string why = body->getObject("reasons")->getValue<std::string>("certificate");
        CPPUNIT_ASSERT_MESSAGE(why, why.rfind("the server refused TLS 1.2 (it speaks TLS 1.3): ", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(relayAddress(), body->getValue<std::string>("connected_address"));
    }

    void serverThatClosesAtOnce() {
        ClosingListener closing;
        relay().forwardTo(closing.port());
        auto body = check("closing.ssl.example.test");
        CPPUNIT_ASSERT(body->isNull("certificate"));
        const std::string error = body->getObject("probe")->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(error, error.find("during handshake") != std::string::npos);
        CPPUNIT_ASSERT(!body->getObject("tls13")->getValue<bool>("supported"));
        CPPUNIT_ASSERT(closing.accepted() >= 1);
    }

    void internationalNameIsSentAsALabel() {
        auto server = serve(siteWith("site-chain.pem"));
        auto body = check("bücher.ssl.example.test");
        CPPUNIT_ASSERT_EQUAL(std::string("bücher.ssl.example.test"), body->getValue<std::string>("host"));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.ssl.example.test"), body->getValue<std::string>("ascii_host"));
        CPPUNIT_ASSERT(body->getObject("hostname_match")->getValue<bool>("matched"));  // *.ssl.example.test
    }

    // ssl: a server that accepts and never answers (the suite's silent
    // listener as the checked port): both handshakes time out, and the answer
    // goes out no-store and is made afresh for the next caller.
    void timedOutHandshakeKeepsTheAnswerOutOfCaches() {
        Service silent("ssl-silent", [](std::string& text) {
            replace(text, "ssl: { library: ssl, config: { port: 443,",
                    "ssl: { library: ssl, config: { port: " + silentPort(text) + ",");
        });
        silent.start();
        for (int i = 0; i < 2; ++i) {
            auto body = check("valid.ssl.example.test", silent, "no-store");
            CPPUNIT_ASSERT(body->isNull("certificate"));
            const std::string error = body->getObject("probe")->getValue<std::string>("error");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(error, std::string("timeout after 3000 ms"), error);
        }
        CPPUNIT_ASSERT_EQUAL(0, silent.stop());
    }

    void parameterErrorsHaveTokens() {
        const std::pair<const char*, const char*> cases[] = {
            {"", "invalid_parameter"},
            {"host=https%3A%2F%2Fexample.com%2F", "scheme_not_allowed"},
            {"host=example.com%2Flogin", "path_not_allowed"},
            {"host=example.com%3A8443", "port_not_allowed"},
            {"host=192.0.2.1", "address_not_allowed"},
            {"host=%5B2001%3Adb8%3A%3A1%5D", "address_not_allowed"},
            {"host=localhost", "invalid_host"},
            {"host=a.example&host=b.example", "invalid_parameter"},
        };
        for (const auto& [query, token] : cases) {
            auto r = get(std::string("/api/v1/ssl?") + query);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(query, 400, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(query, std::string(token), parseJson(r.body)->getValue<std::string>("error"));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SslTest);
