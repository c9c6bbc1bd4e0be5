// The handler through the SDK's fake host (C ABI, the plugin's own entry
// point): what is fetched with which headers, cache hits, redirects and
// loops, 404 from the authoritative registry and from a registrar, 429 and
// budget refusals, the thin registry's registrar hop, the WHOIS fallback
// through the connect facility's TCP exchange, and the 400s.
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>
#include <sstream>

extern "C" const ipf_plugin_descriptor* ipfacts_plugin_v1(void);

namespace ipfacts::rdap {
namespace {

const std::string kDir = IPFACTS_RDAP_FIXTURES;

std::string fixture(const std::string& name) {
    std::ifstream in(kDir + "/" + name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

struct Fake : testing::FakeHost {
    Fake() {
        config["bootstrap_dir"] = kDir + "/bootstrap";
        config["overrides"] = kDir + "/overrides.yaml";
        config["whois_servers"] = kDir + "/whois-servers.yaml";
        config["refresh_hours"] = "0";
    }
    void ask(const std::string& query) {
        this->query = {{"query", query}};
        testing::LoadedPlugin plugin(*this, ipfacts_plugin_v1());
        plugin.call("query");
    }
};

HttpReply redirectTo(const std::string& location, int status = 301) {
    HttpReply r;
    r.status = status;
    r.headers = {HttpHeader{"Location", location}};
    return r;
}

const std::string kArin = "https://rdap.moved.example/ip/192.0.2.1";  // the override for 192.0.2.0/26

}  // namespace

class RdapPluginTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RdapPluginTest);
    CPPUNIT_TEST(addressAnswersAndCaches);
    CPPUNIT_TEST(redirectToAnotherRegistryIsFollowed);
    CPPUNIT_TEST(redirectLoopIsAnError);
    CPPUNIT_TEST(tooManyRedirectsIsAnError);
    CPPUNIT_TEST(authoritative404IsNotRegistered);
    CPPUNIT_TEST(registry429IsRateLimitedWithItsRetryAfter);
    CPPUNIT_TEST(spentBudgetIsRateLimitedAndCachedAnswersStillServe);
    CPPUNIT_TEST(timeoutIsRegistryUnavailableAndNotCached);
    CPPUNIT_TEST(thinRegistryFollowsTheRegistrar);
    CPPUNIT_TEST(registrar404KeepsTheRegistryData);
    CPPUNIT_TEST(noRdapServiceFallsBackToWhoisWithOneReferral);
    CPPUNIT_TEST(whoisNotFoundIs404);
    CPPUNIT_TEST(whoisReferralToAnotherPortIsNotFollowed);
    CPPUNIT_TEST(badQueriesAre400);
    CPPUNIT_TEST(periodicTaskRefreshesTheBootstrapNotARequest);
    CPPUNIT_TEST(cachedAnswerKeepsItsCheckedAt);
    CPPUNIT_TEST(failedRegistrarOrReferralIsTransientAndNotCached);
    CPPUNIT_TEST_SUITE_END();

public:
    void addressAnswersAndCaches() {
        Fake fake;
        fake.http.respond("GET", kArin, 200, fixture("ip-arin.json"));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        const std::string& b = fake.written.body;
        CPPUNIT_ASSERT(contains(b, "\"query\":\"192.0.2.1\",\"kind\":\"ip\""));
        CPPUNIT_ASSERT(contains(b, "\"cidr\":[\"192.0.2.0/24\"]"));
        CPPUNIT_ASSERT(contains(b, "\"abuse_email\":\"abuse@example.net\""));
        CPPUNIT_ASSERT(contains(b, "\"source\":\"rdap\""));
        CPPUNIT_ASSERT(contains(b, "\"raw\":{\"rdapConformance\""));
        CPPUNIT_ASSERT(contains(b, "\"cached\":false"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requests.size());
        const HttpCall& call = fake.http.requests[0];
        CPPUNIT_ASSERT_EQUAL(std::string("Accept"), call.headers.at(0).name);
        CPPUNIT_ASSERT(contains(call.headers.at(0).value, "application/rdap+json"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), static_cast<int64_t>(call.max_redirects));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT(contains(fake.written.body, "\"cached\":true"));
        CPPUNIT_ASSERT(contains(fake.written.body, "\"abuse_email\":\"abuse@example.net\""));
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requests.size());
        fake.clock.advance(std::chrono::seconds(3601));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT(contains(fake.written.body, "\"cached\":false"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
    }
    void redirectToAnotherRegistryIsFollowed() {
        Fake fake;
        fake.http.respond("GET", kArin, redirectTo("https://rdap.ripe.example/ip/192.0.2.1"));
        fake.http.respond("GET", "https://rdap.ripe.example/ip/192.0.2.1", 200, fixture("ip-ripe-v6.json"));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT(contains(fake.written.body, "\"service\":\"https://rdap.ripe.example/ip/192.0.2.1\""));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
    }
    void redirectLoopIsAnError() {
        Fake fake;
        fake.http.respond("GET", kArin, redirectTo("/ip/192.0.2.1?again", 302));
        fake.http.respond("GET", kArin + "?again", redirectTo(kArin, 302));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(503, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("registry_redirect_loop"), fake.written.errorToken);
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "redirect loop"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
    }
    void tooManyRedirectsIsAnError() {
        Fake fake;
        for (int i = 0; i < 6; ++i)
            fake.http.respond("GET", i == 0 ? kArin : kArin + "/" + std::to_string(i),
                              redirectTo(kArin + "/" + std::to_string(i + 1)));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("registry_redirect_loop"), fake.written.errorToken);
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "more than 3 redirects"));
        CPPUNIT_ASSERT_EQUAL(size_t(4), fake.http.requests.size());
    }
    void authoritative404IsNotRegistered() {
        Fake fake;
        fake.http.respond("GET", kArin, 404, "{\"errorCode\":404}");
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(404, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("not_registered"), fake.written.errorToken);
    }
    void registry429IsRateLimitedWithItsRetryAfter() {
        Fake fake;
        fake.http.respond("GET", kArin, 429, "", {HttpHeader{"Retry-After", "42"}});
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(503, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("registry_rate_limited"), fake.written.errorToken);
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "retry after 42 seconds"));
    }
    void spentBudgetIsRateLimitedAndCachedAnswersStillServe() {
        Fake fake;
        fake.http.respond("GET", kArin, 200, fixture("ip-arin.json"));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        fake.http.fail("GET", "https://rdap.moved.example/ip/192.0.2.2",
                       "budget: upstream moved allows 10 requests a minute");
        fake.ask("192.0.2.2");
        CPPUNIT_ASSERT_EQUAL(503, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("registry_rate_limited"), fake.written.errorToken);
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "budget"));
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "retry after 60 seconds"));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT(contains(fake.written.body, "\"cached\":true"));
    }
    void timeoutIsRegistryUnavailableAndNotCached() {
        Fake fake;
        fake.http.fail("GET", kArin, "timeout after 4000 ms");
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(503, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("registry_unavailable"), fake.written.errorToken);
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "timeout after 4000 ms"));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
    }
    void thinRegistryFollowsTheRegistrar() {
        Fake fake;
        fake.http.respond("GET", "https://rdap.verisign.example/com/v1/domain/example.com", 200,
                          fixture("domain-registry-thin.json"));
        fake.http.respond("GET", "https://rdap.registrar.example/domain/EXAMPLE.COM", 200,
                          fixture("domain-registrar.json"));
        fake.ask("EXAMPLE.com");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        const std::string& b = fake.written.body;
        CPPUNIT_ASSERT(contains(b, "\"kind\":\"domain\""));
        CPPUNIT_ASSERT(contains(b, "\"registrar\":\"Example Registrar, Inc.\""));
        CPPUNIT_ASSERT(contains(b, "\"provenance\":{"));
        CPPUNIT_ASSERT(contains(b, "\"entities\":\"registry+registrar\""));
        CPPUNIT_ASSERT(contains(b, "\"from\":\"registrar\""));
        CPPUNIT_ASSERT(contains(b, "\"registrar:Registrant Email\""));
        CPPUNIT_ASSERT(contains(b, "\"raw_registrar\":{\"objectClassName\":\"domain\""));
        CPPUNIT_ASSERT(contains(b, "\"dnssec_signed\":true"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.http.requests.size());
    }
    // A cached answer says when the registry gave it: checked_at does not move.
    void cachedAnswerKeepsItsCheckedAt() {
        Fake fake;
        fake.http.respond("GET", kArin, 200, fixture("ip-arin.json"));
        fake.ask("192.0.2.1");
        const std::string stamp = "\"checked_at\":\"" + ipfacts::isoUtc(testing::kFakeNowMs) + "\"";
        CPPUNIT_ASSERT_MESSAGE(fake.written.body, contains(fake.written.body, stamp));
        fake.clock.advance(std::chrono::seconds(600));
        fake.ask("192.0.2.1");
        CPPUNIT_ASSERT(contains(fake.written.body, "\"cached\":true"));
        CPPUNIT_ASSERT_MESSAGE(fake.written.body, contains(fake.written.body, stamp));
        CPPUNIT_ASSERT(!fake.written.transient);
    }

    // The registrar of a thin registry timing out, or the referred WHOIS
    // server not answering: the answer is served, marked transient, and not
    // kept in the plugin's cache. A registrar's 404 is an answer, kept.
    void failedRegistrarOrReferralIsTransientAndNotCached() {
        Fake fake;
        fake.http.respond("GET", "https://rdap.verisign.example/com/v1/domain/example.com", 200,
                          fixture("domain-registry-thin.json"));
        fake.http.fail("GET", "https://rdap.registrar.example/domain/EXAMPLE.COM", "timeout after 1000 ms");
        for (int i = 0; i < 2; ++i) {
            fake.ask("example.com");
            CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
            CPPUNIT_ASSERT(fake.written.transient);
            CPPUNIT_ASSERT(contains(fake.written.body, "\"cached\":false"));
        }
        CPPUNIT_ASSERT_EQUAL(size_t(4), fake.http.requests.size());  // both asked again

        Fake notFound;
        notFound.http.respond("GET", "https://rdap.verisign.example/com/v1/domain/example.com", 200,
                              fixture("domain-registry-thin.json"));
        notFound.http.respond("GET", "https://rdap.registrar.example/domain/EXAMPLE.COM", 404, "");
        notFound.ask("example.com");
        CPPUNIT_ASSERT(!notFound.written.transient);
        notFound.ask("example.com");
        CPPUNIT_ASSERT(contains(notFound.written.body, "\"cached\":true"));

        Fake whois;  // the IANA server refers to whois.ripe.net, which nothing answers for
        whois.connect.answer("whois.iana.example", 43, fixture("whois/iana-refer.txt"));
        whois.ask("203.0.113.5");
        CPPUNIT_ASSERT_EQUAL(200, whois.written.status);
        CPPUNIT_ASSERT(whois.written.transient);
        whois.ask("203.0.113.5");
        CPPUNIT_ASSERT(contains(whois.written.body, "\"cached\":false"));
        CPPUNIT_ASSERT_EQUAL(size_t(4), whois.connect.exchanges.size());
    }

    void registrar404KeepsTheRegistryData() {
        Fake fake;
        fake.http.respond("GET", "https://rdap.verisign.example/com/v1/domain/example.com", 200,
                          fixture("domain-registry-thin.json"));
        fake.http.respond("GET", "https://rdap.registrar.example/domain/EXAMPLE.COM", 404, "");
        fake.ask("example.com");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);  // a registrar's 404 is not "not registered"
        CPPUNIT_ASSERT(contains(fake.written.body, "\"registrar_link\":\"not followed: the registrar"));
        CPPUNIT_ASSERT(contains(fake.written.body, "\"raw_registrar\":null"));
    }
    void noRdapServiceFallsBackToWhoisWithOneReferral() {
        Fake fake;
        fake.connect.answer("whois.iana.example", 43, fixture("whois/iana-refer.txt"));
        fake.connect.answer("whois.ripe.net", 43, fixture("whois/ripe.txt"));
        fake.ask("203.0.113.5");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        const std::string& b = fake.written.body;
        CPPUNIT_ASSERT(contains(b, "\"source\":\"whois\""));
        CPPUNIT_ASSERT(contains(b, "\"abuse_email\":\"abuse@isp.example\""));
        CPPUNIT_ASSERT(contains(b, "\"raw\":{\"server\":\"whois.ripe.net\",\"text\":\"% This is the RIPE"));
        CPPUNIT_ASSERT(contains(b, "\"referred_by\":\"whois.iana.example\""));
        CPPUNIT_ASSERT(contains(b, "\"service\":\"whois://whois.ripe.net\""));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.connect.exchanges.size());
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.5\r\n"), fake.connect.exchanges[0].payload);
        CPPUNIT_ASSERT(fake.http.requests.empty());
        CPPUNIT_ASSERT_EQUAL(0, fake.connect.openExchangeBatches);
    }
    void whoisReferralToAnotherPortIsNotFollowed() {
        Fake fake;
        fake.connect.answer("whois.iana.example", 43,
                            "refer: mail.example:25\n\ninetnum: 203.0.113.0 - 203.0.113.255\nnetname: IANA-BLOCK\n");
        fake.ask("203.0.113.9");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.connect.exchanges.size());
        CPPUNIT_ASSERT(contains(fake.written.body, "\"referred_by\":null"));
        CPPUNIT_ASSERT(contains(fake.written.body, "\"name\":\"IANA-BLOCK\""));
    }

    void whoisNotFoundIs404() {
        Fake fake;
        fake.connect.answer("whois.denic.example", 43, "Domain: nope.de\nStatus: free\n");
        fake.ask("nope.de");
        CPPUNIT_ASSERT_EQUAL(404, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("not_registered"), fake.written.errorToken);
        fake.connect.failExchange("whois.eurid.example", 4343, "connection refused");
        fake.ask("example.eu");
        CPPUNIT_ASSERT_EQUAL(503, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("registry_unavailable"), fake.written.errorToken);
        CPPUNIT_ASSERT(contains(fake.written.errorMessage, "whois.eurid.example:4343: connection refused"));
    }
    void periodicTaskRefreshesTheBootstrapNotARequest() {
        Fake fake;
        fake.config["refresh_hours"] = "24";
        fake.config["refresh_url"] = "https://iana.example/rdap/";
        for (const char* r : {"ipv4", "ipv6", "asn"})
            fake.http.respond("GET", std::string("https://iana.example/rdap/") + r + ".json", 200,
                              fixture(std::string("bootstrap/") + r + ".json"));
        fake.http.respond("GET", "https://iana.example/rdap/dns.json", 200,
                          R"({"services":[[["com"],["https://rdap.refreshed.example/"]]]})");
        fake.http.respond("GET", "https://rdap.refreshed.example/domain/www.example.com", 200,
                          fixture("domain-registrar.json"));
        testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"query", "example.com"}};
        fake.http.unlisted = HttpReply{};
        fake.http.unlisted->error = "not scripted";
        plugin.call("query");  // a request does not refresh: the task does
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requests.size());
        CPPUNIT_ASSERT(contains(fake.http.requests[0].url, "rdap.verisign.example"));
        fake.tasks.run("bootstrap-refresh");
        CPPUNIT_ASSERT_EQUAL(size_t(5), fake.http.requests.size());
        fake.query = {{"query", "www.example.com"}};
        plugin.call("query");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT(
            contains(fake.http.requests.back().url, "https://rdap.refreshed.example/domain/www.example.com"));
    }

    void badQueriesAre400() {
        Fake fake;
        fake.query = {};
        {
            testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            plugin.call("query");
        }
        CPPUNIT_ASSERT_EQUAL(400, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), fake.written.errorToken);
        fake.query = {{"query", "192.0.2.1"}, {"query", "192.0.2.2"}};
        {
            testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            plugin.call("query");
        }
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), fake.written.errorToken);
        fake.ask("not a query");
        CPPUNIT_ASSERT_EQUAL(400, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_query"), fake.written.errorToken);
        CPPUNIT_ASSERT(fake.http.requests.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RdapPluginTest);

}  // namespace ipfacts::rdap
