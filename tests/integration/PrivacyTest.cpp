// Privacy enrichment end to end, on a daemon of its own: the privacy facility
// fetches a Tor exit list and an iCloud-style relay CSV from a loopback
// server (its periodic tasks, at start), asks a fake VPN/proxy provider
// (proxycheck.io's JSON shape, written here, on 127.0.0.1 reached as 127.1)
// per address, reads hosting from the suite's netdb fixtures and the curated
// ASN list, and applies the fixture overrides. /json and /api/v1/ip with
// full=1, /api/v1/lookup with privacy=1; the privacy meter is 20 a day.
// Callers other than 127.0.0.1 come through the trusted proxy 127.0.0.2.
// Bodies are recorded for the OpenAPI validation like every other.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"
#include "tests/unit/http/LoopbackServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <memory>
#include <set>
#include <thread>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

constexpr const char* kExitAddress = "185.220.101.1";

std::string reply(const std::string& body, const std::string& type = "text/plain") {
    return "HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
}

/// The feeds: a measured exit list (measured ten minutes ago) and a relay CSV.
std::string feedAnswer(const std::string& target) {
    if (target == "/exit-addresses") {
        std::time_t t = std::time(nullptr) - 600;
        std::tm tm{};
        gmtime_r(&t, &tm);
        char when[32];
        std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
        return reply(std::string("ExitNode 0011BD2485AD45D984EC4159C88FC066E5E3300E\nPublished ") + when +
                     "\nLastStatus " + when + "\nExitAddress " + kExitAddress + " " + when + "\n");
    }
    if (target == "/egress-ip-ranges.csv")
        return reply("172.224.224.0/27,GB,GB-EN,London,\n2a02:26f7:b3c0:4000::/64,GB,GB-EN,London,\n", "text/csv");
    return "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n";
}

/// The fake provider: /v2/<ip>?key=k&vpn=1 -> proxycheck.io's JSON; the
/// 203.0.113.0/24 documentation block is "NordVPN", every other address clean.
std::atomic<int> gProviderCalls{0};
std::string providerAnswer(const std::string& target) {
    ++gProviderCalls;
    const size_t start = std::string("/v2/").size(), end = target.find('?');
    if (target.rfind("/v2/", 0) != 0 || end == std::string::npos || target.find("key=test-key") == std::string::npos)
        return "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n";
    const std::string ip = target.substr(start, end - start);
    const bool vpn = ip.rfind("203.0.113.", 0) == 0;
    const std::string entry = vpn ? R"({"proxy":"yes","type":"VPN","provider":"NordVPN"})" : R"({"proxy":"no"})";
    return reply("{\"status\":\"ok\",\"" + ip + "\":" + entry + "}", "application/json");
}

LoopbackServer& feeds() {
    static LoopbackServer s("127.0.0.1", feedAnswer);
    return s;
}

/// The provider, which a test stops and starts again on the same port.
std::unique_ptr<LoopbackServer>& provider() {
    static std::unique_ptr<LoopbackServer> p = std::make_unique<LoopbackServer>("127.0.0.1", providerAnswer);
    return p;
}
int providerPort() {
    static const int port = provider()->port();
    return port;
}

Service& privacyService() {
    static std::unique_ptr<Service> s = [] {
        const std::string base = feeds().base(), src = Service::sourceDir();
        const int port = providerPort();
        auto service = std::make_unique<Service>("privacy", [&](std::string& text) {
            replace(text, "privacy: { per_day: 3 }", "privacy: { per_day: 20 }");
            replace(text, "    suite: { hosts: [\"127.0.0.1\"], allow_http: true }\n",
                    "    suite: { hosts: [\"127.0.0.1\"], allow_http: true }\n"
                    "    vpnapi: { hosts: [\"127.1\"], allow_http: true, per_day: 1000 }\n");
            text +=
                "privacy:\n"
                "  tor: { url: \"" +
                base +
                "/exit-addresses\", refresh_s: 3600, max_age_s: 21600 }\n"
                "  tor_dns: { zone: dnsel.test }\n"
                "  relays:\n"
                "    icloud-private-relay: { service: iCloud Private Relay, url: \"" +
                base +
                "/egress-ip-ranges.csv\" }\n"
                "  hosting: { asns: " +
                src +
                "/etc/privacy/hosting-asns.yaml }\n"
                "  provider:\n"
                "    name: proxycheck\n"
                "    enabled: true\n"
                "    url: \"http://127.1:" +
                std::to_string(port) +
                "/v2/{ip}?key={key}&vpn=1\"\n"
                "    key: test-key\n"
                "    vpn: { path: \"{ip}.type\", equals: VPN }\n"
                "    proxy: { path: \"{ip}.proxy\", equals: \"yes\" }\n"
                "    service: { path: \"{ip}.provider\" }\n"
                "  overrides: " +
                src + "/tests/fixtures/privacy/overrides.yaml\n";
        });
        service->start();
        // The feeds are fetched by the facility's tasks once the daemon serves: wait for both.
        for (int i = 0; i < 200; ++i) {
            const std::string log = service->log();
            if (log.find("privacy: tor-exits refreshed") != std::string::npos &&
                log.find("privacy: icloud-private-relay refreshed") != std::string::npos)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return service;
    }();
    return *s;
}

/// GET `target` as `caller` (through the trusted proxy 127.0.0.2), recorded; 200 expected.
HttpReply getAs(const std::string& caller, const std::string& target) {
    HttpClient c("127.0.0.1", privacyService().port(), false, caller == "127.0.0.1" ? "" : "127.0.0.2");
    std::vector<std::string> headers;
    if (caller != "127.0.0.1") headers.push_back("X-Forwarded-For: " + caller);
    HttpReply r = c.get(target, headers);
    Service::instance().record("GET", target, r);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    return r;
}

Object::Ptr privacyOf(const HttpReply& r) {
    auto body = parseJson(r.body);
    CPPUNIT_ASSERT_MESSAGE(r.body, !body->isNull("privacy"));
    return body->getObject("privacy");
}

std::string reasonOf(const HttpReply& r, const std::string& key) {
    auto reasons = parseJson(r.body)->getObject("reasons");
    return reasons && reasons->has(key) ? reasons->getValue<std::string>(key) : "";
}

/// The evidence row of `flag`, or null.
Object::Ptr evidenceOf(const Object::Ptr& privacy, const std::string& flag) {
    auto rows = privacy->getArray("evidence");
    for (size_t i = 0; i < rows->size(); ++i)
        if (rows->getObject(i)->getValue<std::string>("flag") == flag) return rows->getObject(i);
    return nullptr;
}

bool isTrue(const Object::Ptr& o, const std::string& k) { return !o->isNull(k) && o->getValue<bool>(k); }
bool isFalse(const Object::Ptr& o, const std::string& k) { return !o->isNull(k) && !o->getValue<bool>(k); }

}  // namespace

class PrivacyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PrivacyTest);
    CPPUNIT_TEST(fullReportFlagsATorExitWithEvidence);
    CPPUNIT_TEST(dnsExitListFlagsAnExitTheFeedMisses);
    CPPUNIT_TEST(lookupFlagsRelayHostingVpnAndOverrides);
    CPPUNIT_TEST(noProviderCallWithoutEnrichment);
    CPPUNIT_TEST(twentyFirstEnrichedRequestFindsTheMeterSpent);
    CPPUNIT_TEST(providerStoppedLeavesVpnUnknownWhileListsAnswer);
    CPPUNIT_TEST_SUITE_END();

public:
    void fullReportFlagsATorExitWithEvidence() {
        for (const char* path : {"/json?full=1", "/api/v1/ip?full=1"}) {
            auto p = privacyOf(getAs(kExitAddress, path));
            CPPUNIT_ASSERT(isTrue(p, "tor"));
            CPPUNIT_ASSERT(isFalse(p, "vpn") && isFalse(p, "proxy") && isFalse(p, "relay") && isFalse(p, "hosting"));
            auto e = evidenceOf(p, "tor");
            CPPUNIT_ASSERT(e);
            CPPUNIT_ASSERT_EQUAL(std::string("tor-exits"), e->getValue<std::string>("source"));
            CPPUNIT_ASSERT_EQUAL(std::string("185.220.101.1/32"), e->getValue<std::string>("match"));
            CPPUNIT_ASSERT_EQUAL(size_t(20), e->getValue<std::string>("data_date").size());
        }
        // An address no list holds: every flag false, no evidence.
        auto clean = privacyOf(getAs("192.0.2.10", "/json?full=1"));
        for (const char* flag : {"vpn", "proxy", "tor", "relay", "hosting"}) CPPUNIT_ASSERT(isFalse(clean, flag));
        CPPUNIT_ASSERT_EQUAL(size_t(0), clean->getArray("evidence")->size());
    }

    void dnsExitListFlagsAnExitTheFeedMisses() {
        // 185.220.101.2 is in the DNS exit list (tests/dns/zones/test.zone), not in the downloaded one.
        auto p = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/185.220.101.2?privacy=1"));
        CPPUNIT_ASSERT(isTrue(p, "tor"));
        auto e = evidenceOf(p, "tor");
        CPPUNIT_ASSERT_EQUAL(std::string("tor-dnsel"), e->getValue<std::string>("source"));
        CPPUNIT_ASSERT_EQUAL(std::string("185.220.101.2/32"), e->getValue<std::string>("match"));
        // Both lists name 185.220.101.1? Only the download does; the zone says NXDOMAIN: still one yes.
        auto both = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/185.220.101.1?privacy=1"));
        CPPUNIT_ASSERT(isTrue(both, "tor"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), both->getArray("evidence")->size());
    }

    void lookupFlagsRelayHostingVpnAndOverrides() {
        auto relay = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/172.224.224.5?privacy=1"));
        CPPUNIT_ASSERT(isTrue(relay, "relay") && isFalse(relay, "vpn"));  // a relay is not a VPN
        CPPUNIT_ASSERT_EQUAL(std::string("iCloud Private Relay"), relay->getValue<std::string>("service"));
        CPPUNIT_ASSERT_EQUAL(std::string("172.224.224.0/27"),
                             evidenceOf(relay, "relay")->getValue<std::string>("match"));

        // 8.8.8.8 is AS15169 in the netdb fixtures, a hosting network by connection type.
        auto google = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/8.8.8.8?privacy=1"));
        CPPUNIT_ASSERT(isTrue(google, "hosting"));
        auto e = evidenceOf(google, "hosting");
        CPPUNIT_ASSERT_EQUAL(std::string("netdb-connection-type"), e->getValue<std::string>("source"));
        CPPUNIT_ASSERT_EQUAL(std::string("AS15169"), e->getValue<std::string>("match"));

        auto vpn = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/203.0.113.9?privacy=1"));
        CPPUNIT_ASSERT(isTrue(vpn, "vpn") && isTrue(vpn, "proxy"));
        CPPUNIT_ASSERT_EQUAL(std::string("NordVPN"), vpn->getValue<std::string>("service"));
        CPPUNIT_ASSERT_EQUAL(std::string("proxycheck"), evidenceOf(vpn, "vpn")->getValue<std::string>("source"));

        // The operator's allow beats the provider; a deny flags what the provider calls clean.
        auto allowed = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/203.0.113.70?privacy=1"));
        CPPUNIT_ASSERT(isFalse(allowed, "vpn") && isFalse(allowed, "proxy"));
        auto rows = allowed->getArray("evidence");
        CPPUNIT_ASSERT_EQUAL(std::string("override-allow"),
                             rows->getObject(rows->size() - 1)->getValue<std::string>("source"));
        auto denied = privacyOf(getAs("127.0.0.1", "/api/v1/lookup/198.51.100.7?privacy=1"));
        CPPUNIT_ASSERT(isTrue(denied, "vpn"));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Corp VPN"), denied->getValue<std::string>("service"));
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.0/24"), evidenceOf(denied, "vpn")->getValue<std::string>("match"));
    }

    void noProviderCallWithoutEnrichment() {
        privacyService();
        const int before = gProviderCalls.load();
        for (const char* path : {"/json", "/api/v1/ip", "/api/v1/lookup/203.0.113.9"}) {
            auto r = getAs("192.0.2.11", path);
            CPPUNIT_ASSERT(parseJson(r.body)->isNull("privacy"));
            CPPUNIT_ASSERT_EQUAL(std::string(""), reasonOf(r, "privacy"));
        }
        CPPUNIT_ASSERT_EQUAL(before, gProviderCalls.load());
    }

    void twentyFirstEnrichedRequestFindsTheMeterSpent() {
        const std::string caller = "192.0.2.77";
        for (int i = 1; i <= 20; ++i) {
            auto r = getAs(caller, i % 2 ? "/json?full=1" : "/api/v1/ip?full=1");
            CPPUNIT_ASSERT_MESSAGE(std::to_string(i) + ": " + r.body, !parseJson(r.body)->isNull("privacy"));
        }
        const int calls = gProviderCalls.load();
        auto spent = getAs(caller, "/json?full=1");
        auto body = parseJson(spent.body);
        CPPUNIT_ASSERT(body->isNull("privacy"));
        CPPUNIT_ASSERT(body->isNull("hostname"));
        for (const char* key : {"privacy", "hostname"}) {
            const std::string why = reasonOf(spent, key);
            CPPUNIT_ASSERT_MESSAGE(why, why.rfind("meter spent: the daily privacy allowance of the calling address is "
                                                  "spent; it resets at ",
                                                  0) == 0);
        }
        CPPUNIT_ASSERT_EQUAL(calls, gProviderCalls.load());               // nothing asked past the meter
        CPPUNIT_ASSERT_EQUAL(caller, body->getValue<std::string>("ip"));  // the rest is served
        // Plain requests keep working, with nothing said about privacy.
        for (int i = 0; i < 3; ++i) {
            auto plain = getAs(caller, "/json");
            CPPUNIT_ASSERT(parseJson(plain.body)->isNull("privacy"));
            CPPUNIT_ASSERT_EQUAL(std::string(""), reasonOf(plain, "privacy"));
        }
        // Lookups share the meter.
        auto lookup = getAs(caller, "/api/v1/lookup/203.0.113.9?privacy=1");
        CPPUNIT_ASSERT(parseJson(lookup.body)->isNull("privacy"));
        CPPUNIT_ASSERT(reasonOf(lookup, "privacy").rfind("meter spent: ", 0) == 0);
    }

    void providerStoppedLeavesVpnUnknownWhileListsAnswer() {
        privacyService();
        const int port = providerPort();
        provider().reset();  // connections to it are refused now
        auto r = getAs(kExitAddress, "/api/v1/lookup/185.220.101.1?privacy=1");
        provider() = std::make_unique<LoopbackServer>("127.0.0.1", providerAnswer, port);
        auto p = privacyOf(r);
        CPPUNIT_ASSERT(p->isNull("vpn") && p->isNull("proxy"));
        const std::string why = reasonOf(r, "privacy.vpn");
        CPPUNIT_ASSERT_MESSAGE(why, why.rfind("provider down: proxycheck: ", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(why, why.find("test-key") == std::string::npos);
        // lookup: a provider that failed keeps the answer out of caches; privacy=1
        // answers are never in the host's (the caller's meter), and now no shared
        // cache may keep this one either.
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), r.header("Cache-Control").value_or(""));
        CPPUNIT_ASSERT(isTrue(p, "tor") && isFalse(p, "relay") && isFalse(p, "hosting"));
        CPPUNIT_ASSERT_EQUAL(std::string("tor-exits"), evidenceOf(p, "tor")->getValue<std::string>("source"));
        // The relay and hosting lists answer with evidence too.
        provider().reset();
        auto relay = getAs("192.0.2.12", "/api/v1/lookup/172.224.224.5?privacy=1");
        auto hosting = getAs("192.0.2.12", "/api/v1/lookup/8.8.8.8?privacy=1");
        provider() = std::make_unique<LoopbackServer>("127.0.0.1", providerAnswer, port);
        CPPUNIT_ASSERT(isTrue(privacyOf(relay), "relay") && privacyOf(relay)->isNull("vpn"));
        CPPUNIT_ASSERT(evidenceOf(privacyOf(relay), "relay"));
        CPPUNIT_ASSERT(isTrue(privacyOf(hosting), "hosting") && evidenceOf(privacyOf(hosting), "hosting"));
        // Back up, the provider answers again.
        auto answered = getAs(kExitAddress, "/api/v1/lookup/203.0.113.9?privacy=1");
        auto again = privacyOf(answered);
        CPPUNIT_ASSERT(isTrue(again, "vpn"));
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=300"), answered.header("Cache-Control").value_or(""));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PrivacyTest);
