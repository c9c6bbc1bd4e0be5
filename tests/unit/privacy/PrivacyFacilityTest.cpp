// The privacy facility over real HTTP on 127.0.0.1: a Tor exit list and a
// relay CSV served by a loopback server and fetched through the guarded http
// facility, a fake VPN/proxy provider (JSON in proxycheck.io's shape) behind
// an upstream with a daily quota, local range files and operator overrides.
// Each flag set and unset with its evidence; stale, failed and missing feeds
// unknown (never false) with their reasons; the provider down; the budget
// guard from 80 % of the quota; an override beating the provider.
#include "host/facilities/http/HttpFacility.h"
#include "host/facilities/privacy/PrivacyFacility.h"
#include "tests/support/GuardSupport.h"
#include "tests/unit/http/LoopbackServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <mutex>

using namespace ipfacts::facilities;
using namespace ipfacts::facilities::privacy;
using ipfacts::PrivacyFacts;
using ipfacts::net::IpAddress;
using ipfacts::testing::LoopbackServer;

namespace {

int64_t now() { return static_cast<int64_t>(std::time(nullptr)); }

/// "YYYY-MM-DD HH:MM:SS" of `t`, as the Tor list writes its times.
std::string torTime(int64_t t) {
    std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    return std::string(buf, std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm));
}

/// An RFC 7231 date of `t`, for Last-Modified.
std::string httpDate(int64_t t) {
    std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[64];
    return std::string(buf, std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm));
}

std::string reply(int status, const std::string& body, const std::string& extra = "") {
    return "HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" +
           extra + "\r\n" + body;
}

std::string exitList(int64_t measured) {
    return "ExitNode 0011BD2485AD45D984EC4159C88FC066E5E3300E\n"
           "Published " +
           torTime(measured - 3600) +
           "\n"
           "LastStatus " +
           torTime(measured) +
           "\n"
           "ExitAddress 185.220.101.1 " +
           torTime(measured) + "\n";
}

/// What the loopback servers answer, by target; what they were asked.
class Script {
public:
    void set(const std::string& target, std::string response) {
        std::lock_guard<std::mutex> lock(mu_);
        answers_[target] = std::move(response);
    }
    std::string answer(const std::string& target) {
        std::lock_guard<std::mutex> lock(mu_);
        ++asked_[target];
        auto it = answers_.find(target);
        return it != answers_.end() ? it->second : reply(404, "");
    }
    int asked(const std::string& target) {
        std::lock_guard<std::mutex> lock(mu_);
        return asked_[target];
    }

private:
    std::mutex mu_;
    std::map<std::string, std::string> answers_;
    std::map<std::string, int> asked_;
};

std::string reasonOf(const PrivacyFacts& f, const std::string& flag) {
    for (const auto& r : f.reasons)
        if (r.field == flag) return r.text;
    return "";
}

bool startsWith(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

/// A file of its own under /tmp, removed at the end.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& text) {
        char name[] = "/tmp/privacy-test-XXXXXX";
        int fd = mkstemp(name);
        path = name;
        close(fd);
        std::ofstream(path) << text;
    }
    ~TempFile() { std::remove(path.c_str()); }
};

}  // namespace

class PrivacyFacilityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PrivacyFacilityTest);
    CPPUNIT_TEST(torAndRelayFlagsWithEvidence);
    CPPUNIT_TEST(staleFeedIsUnknownNeverFalse);
    CPPUNIT_TEST(failedRefreshKeepsTheDataItHad);
    CPPUNIT_TEST(feedNotFetchedYetIsUnknown);
    CPPUNIT_TEST(providerFlagsVpnWithService);
    CPPUNIT_TEST(providerStoppedLeavesVpnUnknownWhileListsAnswer);
    CPPUNIT_TEST(budgetGuardFromEightyPercent);
    CPPUNIT_TEST(overridesBeatTheProvider);
    CPPUNIT_TEST(localListAnswersAtOnce);
    CPPUNIT_TEST(switchedOffProviderIsNamed);
    CPPUNIT_TEST(cTableRefusesWhatIsNoAddress);
    CPPUNIT_TEST(dnsExitListQuestionsAndRefusals);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        script_ = std::make_unique<Script>();
        Script* s = script_.get();
        feeds_ = std::make_unique<LoopbackServer>("127.0.0.1", [s](const std::string& t) { return s->answer(t); });
        provider_ = std::make_unique<LoopbackServer>("127.0.0.1", [s](const std::string& t) { return s->answer(t); });
        http::HttpConfig hc;
        hc.timeout_ms = 2000;
        http::UpstreamConfig feeds;
        feeds.name = "feeds", feeds.hosts = {"127.0.0.1"}, feeds.allow_http = true;
        // The provider is reached as 127.1 (127.0.0.1): an upstream of its own with a daily quota.
        http::UpstreamConfig vpnapi;
        vpnapi.name = "vpnapi", vpnapi.hosts = {"127.1"}, vpnapi.allow_http = true, vpnapi.per_day = 5;
        hc.upstreams = {feeds, vpnapi};
        http_ = std::make_unique<http::HttpFacility>(hc, ipfacts::testing::guardAllowing({"127.0.0.1/32"}));
    }

    void tearDown() override {
        provider_.reset();
        feeds_.reset();
        http_.reset();
    }

    void torAndRelayFlagsWithEvidence() {
        const int64_t measured = now() - 600;
        script_->set("/exit-addresses", reply(200, exitList(measured)));
        const int64_t modified = now() - 86400;
        script_->set("/egress-ip-ranges.csv",
                     reply(200, "172.224.224.0/27,GB,GB-EN,London,\n2a02:26f7:b3c0:4000::/64,GB,GB-EN,London,\n",
                           "Last-Modified: " + httpDate(modified) + "\r\n"));
        PrivacyFacility f(withFeeds(6 * 3600), http_.get(), nullptr);
        refreshAll(f);

        PrivacyFacts tor = f.lookup(*IpAddress::parse("185.220.101.1"), now());
        CPPUNIT_ASSERT(tor.tor == std::optional<bool>(true));
        CPPUNIT_ASSERT(tor.relay == std::optional<bool>(false));
        CPPUNIT_ASSERT_EQUAL(size_t(1), tor.evidence.size());
        CPPUNIT_ASSERT_EQUAL(std::string("tor-exits"), tor.evidence[0].source);
        CPPUNIT_ASSERT_EQUAL(std::string("185.220.101.1/32"), tor.evidence[0].match);
        CPPUNIT_ASSERT_EQUAL(isoDate(measured), tor.evidence[0].data_date);  // the list's newest measurement

        PrivacyFacts relay = f.lookup(*IpAddress::parse("2a02:26f7:b3c0:4000::5"), now());
        CPPUNIT_ASSERT(relay.relay == std::optional<bool>(true));
        CPPUNIT_ASSERT(relay.tor == std::optional<bool>(false));
        CPPUNIT_ASSERT(!relay.vpn);  // no VPN source here: unknown, never guessed from the relay
        CPPUNIT_ASSERT_EQUAL(std::string("iCloud Private Relay"), relay.service.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("2a02:26f7:b3c0:4000::/64"), relay.evidence.at(0).match);
        CPPUNIT_ASSERT_EQUAL(isoDate(modified), relay.evidence.at(0).data_date);  // Last-Modified

        PrivacyFacts plain = f.lookup(*IpAddress::parse("192.0.2.1"), now());
        CPPUNIT_ASSERT(plain.tor == std::optional<bool>(false) && plain.relay == std::optional<bool>(false));
        CPPUNIT_ASSERT(plain.evidence.empty());
    }

    void staleFeedIsUnknownNeverFalse() {
        script_->set("/exit-addresses", reply(200, exitList(1577836800)));  // 2020-01-01
        PrivacyFacility f(withFeeds(6 * 3600), http_.get(), nullptr);
        refreshAll(f);
        for (const char* a : {"185.220.101.1", "192.0.2.1"}) {
            PrivacyFacts p = f.lookup(*IpAddress::parse(a), now());
            CPPUNIT_ASSERT(!p.tor);
            CPPUNIT_ASSERT_EQUAL(std::string("stale feed: tor-exits data of 2020-01-01T00:00:00Z is older than its "
                                             "maximum age of 21600 s"),
                                 reasonOf(p, "tor"));
        }
    }

    void failedRefreshKeepsTheDataItHad() {
        script_->set("/exit-addresses", reply(200, exitList(now() - 60)));
        auto outcomes = std::make_shared<ipfacts::facilities::UpstreamOutcomes>();
        PrivacyFacility f(withFeeds(6 * 3600), http_.get(), nullptr, 0, nullptr, outcomes);
        refreshAll(f);
        const std::string date = f.lookup(*IpAddress::parse("185.220.101.1"), now()).evidence.at(0).data_date;
        script_->set("/exit-addresses", reply(503, "busy"));
        refreshAll(f);
        CPPUNIT_ASSERT_EQUAL(2, script_->asked("/exit-addresses"));
        // Each download is an exchange the status page counts, by the feed's name.
        bool counted = false;
        for (const auto& t : outcomes->snapshot())
            if (t.facility == "privacy" && t.upstream == "tor-exits") {
                counted = true;
                CPPUNIT_ASSERT_EQUAL(int64_t(1), t.ok);
                CPPUNIT_ASSERT_EQUAL(int64_t(1), t.failed);
                CPPUNIT_ASSERT_EQUAL(int64_t(1), t.failed_in_a_row);
                CPPUNIT_ASSERT_EQUAL(std::string("HTTP 503"), t.last_error);
            }
        CPPUNIT_ASSERT(counted);
        CPPUNIT_ASSERT_EQUAL(size_t(2), outcomes->snapshot().size());  // tor-exits and the relay list
        PrivacyFacts p = f.lookup(*IpAddress::parse("185.220.101.1"), now());
        CPPUNIT_ASSERT(p.tor == std::optional<bool>(true));
        CPPUNIT_ASSERT_EQUAL(date, p.evidence.at(0).data_date);
        // Past its age the kept data is unknown, and the reason says the refresh failed.
        PrivacyFacts later = f.lookup(*IpAddress::parse("185.220.101.1"), now() + 7 * 3600);
        CPPUNIT_ASSERT(!later.tor);
        const std::string why = reasonOf(later, "tor");
        CPPUNIT_ASSERT_MESSAGE(why, startsWith(why, "stale feed: tor-exits data of " + date));
        CPPUNIT_ASSERT_MESSAGE(why, why.find("(last refresh failed: HTTP 503)") != std::string::npos);
    }

    void feedNotFetchedYetIsUnknown() {
        PrivacyFacility f(withFeeds(3600), http_.get(), nullptr);
        PrivacyFacts p = f.lookup(*IpAddress::parse("185.220.101.1"), now());
        CPPUNIT_ASSERT(!p.tor && !p.relay);
        CPPUNIT_ASSERT_EQUAL(std::string("not loaded: tor-exits has not been fetched yet"), reasonOf(p, "tor"));
        script_->set("/exit-addresses", reply(404, "gone"));
        refreshAll(f);
        CPPUNIT_ASSERT_EQUAL(std::string("provider down: tor-exits could not be fetched: HTTP 404"),
                             reasonOf(f.lookup(*IpAddress::parse("185.220.101.1"), now()), "tor"));
    }

    void providerFlagsVpnWithService() {
        scriptProvider("203.0.113.9", "yes", "VPN", "NordVPN");
        scriptProvider("198.51.100.7", "no", "", "");
        PrivacyFacility f(withProvider(), http_.get(), nullptr);
        PrivacyFacts vpn = f.lookup(*IpAddress::parse("203.0.113.9"), now());
        CPPUNIT_ASSERT(vpn.vpn == std::optional<bool>(true));
        CPPUNIT_ASSERT(vpn.proxy == std::optional<bool>(true));
        CPPUNIT_ASSERT_EQUAL(std::string("NordVPN"), vpn.service.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("proxycheck"), vpn.evidence.at(0).source);
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.9"), vpn.evidence.at(0).match);
        PrivacyFacts home = f.lookup(*IpAddress::parse("198.51.100.7"), now());
        CPPUNIT_ASSERT(home.vpn == std::optional<bool>(false) && home.proxy == std::optional<bool>(false));
        CPPUNIT_ASSERT(home.evidence.empty() && !home.service);
        // The key went to the provider in the URL.
        CPPUNIT_ASSERT_EQUAL(1, script_->asked("/v2/203.0.113.9?key=sekrit&vpn=1"));
    }

    void providerStoppedLeavesVpnUnknownWhileListsAnswer() {
        script_->set("/exit-addresses", reply(200, exitList(now() - 600)));
        PrivacyConfig c = withProvider();
        c.tor = withFeeds(6 * 3600).tor;
        PrivacyFacility f(c, http_.get(), nullptr);
        refreshAll(f);
        provider_.reset();  // the provider is gone: connections are refused
        PrivacyFacts p = f.lookup(*IpAddress::parse("185.220.101.1"), now());
        CPPUNIT_ASSERT(!p.vpn && !p.proxy);
        const std::string why = reasonOf(p, "vpn");
        CPPUNIT_ASSERT_MESSAGE(why, startsWith(why, "provider down: proxycheck: "));
        CPPUNIT_ASSERT_MESSAGE(why, why.find("sekrit") == std::string::npos);  // the key is never shown
        CPPUNIT_ASSERT(p.tor == std::optional<bool>(true));
        CPPUNIT_ASSERT_EQUAL(std::string("tor-exits"), p.evidence.at(0).source);
    }

    void budgetGuardFromEightyPercent() {
        PrivacyFacility f(withProvider(), http_.get(), nullptr);
        // per_day 5: four calls are made; from the fifth (80 %) none is.
        for (int i = 1; i <= 4; ++i) {
            const std::string a = "192.0.2." + std::to_string(i);
            scriptProvider(a, "no", "", "");
            CPPUNIT_ASSERT(f.lookup(*IpAddress::parse(a), now()).vpn == std::optional<bool>(false));
        }
        scriptProvider("192.0.2.5", "yes", "VPN", "X");
        PrivacyFacts p = f.lookup(*IpAddress::parse("192.0.2.5"), now());
        CPPUNIT_ASSERT(!p.vpn);
        CPPUNIT_ASSERT_EQUAL(std::string("budget guard: 80% of upstream vpnapi's daily quota of 5 is spent; proxycheck "
                                         "was not called"),
                             reasonOf(p, "vpn"));
        CPPUNIT_ASSERT_EQUAL(0, script_->asked("/v2/192.0.2.5?key=sekrit&vpn=1"));
    }

    void overridesBeatTheProvider() {
        scriptProvider("203.0.113.9", "yes", "VPN", "NordVPN");
        scriptProvider("198.51.100.7", "no", "", "");
        TempFile overrides(
            "deny:\n  - { range: 198.51.100.0/24, flags: [vpn], service: Corp VPN }\n"
            "allow:\n  - { range: 203.0.113.0/24, flags: [vpn, proxy] }\n");
        PrivacyConfig c = withProvider();
        c.overrides = overrides.path;
        PrivacyFacility f(c, http_.get(), nullptr);
        PrivacyFacts denied = f.lookup(*IpAddress::parse("198.51.100.7"), now());
        CPPUNIT_ASSERT(denied.vpn == std::optional<bool>(true));
        CPPUNIT_ASSERT_EQUAL(std::string("Corp VPN"), denied.service.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("override-deny"), denied.evidence.back().source);
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.0/24"), denied.evidence.back().match);
        PrivacyFacts allowed = f.lookup(*IpAddress::parse("203.0.113.9"), now());
        CPPUNIT_ASSERT(allowed.vpn == std::optional<bool>(false));
        CPPUNIT_ASSERT(allowed.proxy == std::optional<bool>(false));
        CPPUNIT_ASSERT_EQUAL(std::string("override-allow"), allowed.evidence.back().source);
        CPPUNIT_ASSERT(!allowed.evidence.back().value);
    }

    void localListAnswersAtOnce() {
        TempFile list("# office VPN egress\n192.0.2.128/25\n");
        PrivacyConfig c;
        c.hosting.enabled = false;
        FeedConfig l;
        l.name = "office-vpn", l.flag = "vpn", l.file = list.path, l.service = "Office VPN";
        l.max_age_s = 365LL * 86400;
        c.lists = {l};
        PrivacyFacility f(c, nullptr, nullptr);  // no http needed for a file
        PrivacyFacts p = f.lookup(*IpAddress::parse("192.0.2.200"), now());
        CPPUNIT_ASSERT(p.vpn == std::optional<bool>(true));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.128/25"), p.evidence.at(0).match);
        CPPUNIT_ASSERT_EQUAL(std::string("Office VPN"), p.service.value_or(""));
        CPPUNIT_ASSERT(f.lookup(*IpAddress::parse("192.0.2.1"), now()).vpn == std::optional<bool>(false));
    }

    void switchedOffProviderIsNamed() {
        PrivacyConfig c = withProvider();
        c.provider->enabled = false;
        c.hosting.enabled = false;
        PrivacyFacility f(c, http_.get(), nullptr);
        PrivacyFacts p = f.lookup(*IpAddress::parse("203.0.113.9"), now());
        CPPUNIT_ASSERT(!p.vpn && !p.hosting);
        CPPUNIT_ASSERT_EQUAL(std::string("switched off: proxycheck (enabled: false in the manifest)"),
                             reasonOf(p, "vpn"));
        CPPUNIT_ASSERT_EQUAL(std::string("switched off: hosting (enabled: false in the manifest)"),
                             reasonOf(p, "hosting"));
        CPPUNIT_ASSERT_EQUAL(0, script_->asked("/v2/203.0.113.9?key=sekrit&vpn=1"));
    }

    void cTableRefusesWhatIsNoAddress() {
        FacilitySet set;
        set.add(std::make_unique<PrivacyFacility>(withFeeds(3600), http_.get(), nullptr));
        FacilityContext ctx{"test", &set};
        auto* handle = reinterpret_cast<ipf_plugin_ctx*>(&ctx);
        const ipf_privacy_api& api = PrivacyFacility::table();
        const ipf_privacy_facts* out = nullptr;
        for (const char* bad : {"", "example.com", "[::1]", "192.0.2.1/24", "fe80::1%eth0"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, IPF_INVALID, api.lookup(handle, ipfacts::str(bad), &out));
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api.lookup(handle, ipfacts::str("::ffff:192.0.2.1"), &out));
        CPPUNIT_ASSERT(out && out->struct_size == sizeof(ipf_privacy_facts));
        CPPUNIT_ASSERT_EQUAL(int8_t(IPF_PRIVACY_UNKNOWN), out->tor);  // not fetched yet
        CPPUNIT_ASSERT(out->reason_count >= 1);
        api.facts_free(out);
    }

    void dnsExitListQuestionsAndRefusals() {
        DnsExitList list("dnsel.example", nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("1.101.220.185.dnsel.example"),
                             list.questionFor(*IpAddress::parse("185.220.101.1")));
        CPPUNIT_ASSERT_EQUAL(std::string(""), list.questionFor(*IpAddress::parse("2001:db8::1")));
        SourceWord v6 = list.lookup(*IpAddress::parse("2001:db8::1"), now());
        CPPUNIT_ASSERT(v6.kind == SourceWord::Kind::Unknown);
        CPPUNIT_ASSERT_EQUAL(std::string("not covered: tor-dnsel answers for IPv4 addresses only"), v6.reason);
        SourceWord none = list.lookup(*IpAddress::parse("185.220.101.1"), now());
        CPPUNIT_ASSERT_EQUAL(std::string("provider down: tor-dnsel: no DNS resolver is configured"), none.reason);
        // Switched off, the zone is named as such.
        PrivacyConfig c;
        c.hosting.enabled = false;
        c.tor_dns = TorDnsConfig{false, "dnsel.example"};
        PrivacyFacility f(c, nullptr, nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("switched off: tor-dnsel (enabled: false in the manifest)"),
                             reasonOf(f.lookup(*IpAddress::parse("185.220.101.1"), now()), "tor"));
    }

private:
    /// Tor and iCloud feeds from the loopback server; hosting off (no netdb here).
    PrivacyConfig withFeeds(int64_t tor_max_age_s) const {
        PrivacyConfig c;
        c.hosting.enabled = false;
        FeedConfig tor;
        tor.name = "tor-exits", tor.flag = "tor", tor.tor_format = true;
        tor.url = feeds_->base() + "/exit-addresses";
        tor.max_age_s = tor_max_age_s;
        tor.timeout_ms = 2000;
        c.tor = tor;
        FeedConfig relay;
        relay.name = "icloud-private-relay", relay.flag = "relay", relay.service = "iCloud Private Relay";
        relay.url = feeds_->base() + "/egress-ip-ranges.csv";
        relay.max_age_s = 7 * 86400;
        relay.timeout_ms = 2000;
        c.relays = {relay};
        return c;
    }

    /// The fake provider in proxycheck.io's shape, reached as 127.1.
    PrivacyConfig withProvider() const {
        PrivacyConfig c;
        c.hosting.enabled = false;
        ProviderConfig p;
        p.name = "proxycheck", p.enabled = true, p.key = "sekrit", p.timeout_ms = 2000;
        p.url = "http://127.1:" + std::to_string(provider_ ? provider_->port() : 1) + "/v2/{ip}?key={key}&vpn=1";
        p.vpn = {"{ip}.type", "VPN"};
        p.proxy = {"{ip}.proxy", "yes"};
        p.service = {"{ip}.provider", ""};
        c.provider = p;
        return c;
    }

    void scriptProvider(const std::string& address, const std::string& proxy, const std::string& type,
                        const std::string& provider) {
        std::string body = "{\"status\":\"ok\",\"" + address + "\":{\"proxy\":\"" + proxy + "\"";
        if (!type.empty()) body += ",\"type\":\"" + type + "\"";
        if (!provider.empty()) body += ",\"provider\":\"" + provider + "\"";
        body += "}}";
        script_->set("/v2/" + address + "?key=sekrit&vpn=1", reply(200, body, "Content-Type: application/json\r\n"));
    }

    static void refreshAll(PrivacyFacility& f) {
        for (const auto& feed : f.feeds()) feed->refresh(now());
    }

    std::unique_ptr<Script> script_;
    std::unique_ptr<LoopbackServer> feeds_, provider_;
    std::unique_ptr<http::HttpFacility> http_;
};

CPPUNIT_TEST_SUITE_REGISTRATION(PrivacyFacilityTest);
