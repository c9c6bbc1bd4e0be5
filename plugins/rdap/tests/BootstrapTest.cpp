// Service discovery: the longest prefix, the AS range, the longest label
// suffix, overrides in front, https before http; the shipped snapshot and
// table load; the refresh through the fake host's http and store, kept
// back when a file fails.
#include "Bootstrap.h"
#include "BootstrapSource.h"
#include "WhoisServers.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>
#include <sstream>

namespace ipfacts::rdap {
namespace {

const std::string kDir = IPFACTS_RDAP_FIXTURES;

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

RdapQuery q(std::string_view v) { return std::get<RdapQuery>(parseRdapQuery(v)); }

std::string urlFor(const Bootstrap& b, std::string_view v) {
    auto m = b.find(q(v));
    return m ? m->urls.front() : "(none)";
}

Bootstrap fixtureBootstrap(bool withOverrides) {
    Bootstrap b;
    if (withOverrides)
        for (const auto& [registry, file] : loadOverrides(kDir + "/overrides.yaml")) b.add(registry, file, true);
    for (const char* r : {"ipv4", "ipv6", "asn", "dns"})
        b.add(r, Bootstrap::parseFile(read(kDir + "/bootstrap/" + r + ".json"), r), false);
    return b;
}

struct Fake : testing::FakeHost {
    Fake() {
        config["bootstrap_dir"] = kDir + "/bootstrap";
        config["overrides"] = kDir + "/overrides.yaml";
        config["refresh_url"] = "https://iana.example/rdap/";
        pluginName = "rdap";
    }
    Host hostHandle = host();  // what a BootstrapSource keeps a reference to
    void serveIana(const std::string& dnsBody) {
        for (const char* r : {"ipv4", "ipv6", "asn"})
            http.respond("GET", std::string("https://iana.example/rdap/") + r + ".json", 200,
                         read(kDir + "/bootstrap/" + r + ".json"));
        http.respond("GET", "https://iana.example/rdap/dns.json", 200, dnsBody);
    }
};

const char* kNewDns =
    R"({"publication":"2026-11-26T00:00:00Z","services":[[["com","net"],["https://rdap.new.example/"]]]})";

}  // namespace

class BootstrapTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BootstrapTest);
    CPPUNIT_TEST(longestPrefixWins);
    CPPUNIT_TEST(blockMustFitInsideTheEntry);
    CPPUNIT_TEST(asRangesAndSingleNumbers);
    CPPUNIT_TEST(longestLabelSuffixWins);
    CPPUNIT_TEST(overridesComeFirst);
    CPPUNIT_TEST(httpsBeforeHttpAndSlashAdded);
    CPPUNIT_TEST(shippedSnapshotAndTablesLoad);
    CPPUNIT_TEST(notABootstrapFileIsRefused);
    CPPUNIT_TEST(refreshReplacesAndStores);
    CPPUNIT_TEST(failedRefreshKeepsTheSnapshot);
    CPPUNIT_TEST(refreshAtMostOncePerPeriod);
    CPPUNIT_TEST(storedRefreshWinsAtStart);
    CPPUNIT_TEST(whoisTableServersAndForms);
    CPPUNIT_TEST_SUITE_END();

public:
    void longestPrefixWins() {
        Bootstrap b = fixtureBootstrap(false);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.arin.example/registry/"), urlFor(b, "192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.narrow.example/"), urlFor(b, "192.0.2.200"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), urlFor(b, "203.0.113.5"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.ripe.example/"), urlFor(b, "2001:db8:1::1"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), urlFor(b, "2001:db9::1"));
    }
    void blockMustFitInsideTheEntry() {
        Bootstrap b = fixtureBootstrap(false);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.narrow.example/"), urlFor(b, "192.0.2.128/26"));
        // A /24 spans the /25 entry and more: the /8 answers for it.
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.arin.example/registry/"), urlFor(b, "192.0.2.0/24"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), urlFor(b, "192.0.0.0/7"));
    }
    void asRangesAndSingleNumbers() {
        Bootstrap b = fixtureBootstrap(false);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.ripe.example/"), urlFor(b, "AS64496"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.ripe.example/"), urlFor(b, "64511"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.ripe.example/"), urlFor(b, "AS65550"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), urlFor(b, "AS64512"));
    }
    void longestLabelSuffixWins() {
        Bootstrap b = fixtureBootstrap(false);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.verisign.example/com/v1/"), urlFor(b, "www.example.com"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.example-tld.example/"), urlFor(b, "shop.co.example"));
        auto m = b.find(q("shop.co.example"));
        CPPUNIT_ASSERT_EQUAL(std::string("co.example"), m->entry);
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), urlFor(b, "example.io"));
    }
    void overridesComeFirst() {
        Bootstrap b = fixtureBootstrap(true);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.io.example/"), urlFor(b, "example.io"));
        CPPUNIT_ASSERT(b.find(q("example.io"))->fromOverride);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.moved.example/"), urlFor(b, "192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.arin.example/registry/"), urlFor(b, "192.0.2.100"));
    }
    void httpsBeforeHttpAndSlashAdded() {
        Bootstrap b = fixtureBootstrap(false);
        auto m = b.find(q("192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), m->urls.size());
        CPPUNIT_ASSERT_EQUAL(std::string("http://rdap.arin.example/registry/"), m->urls[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.ripe.example/"),
                             urlFor(b, "2001:db8::1"));  // no slash in the file
    }
    void shippedSnapshotAndTablesLoad() {
        Bootstrap b;
        const std::string etc = IPFACTS_RDAP_ETC;
        for (const auto& [registry, file] : loadOverrides(etc + "/overrides.yaml")) b.add(registry, file, true);
        for (const char* r : {"ipv4", "ipv6", "asn", "dns"})
            b.add(r, Bootstrap::parseFile(read(etc + "/" + r + ".json"), r), false);
        CPPUNIT_ASSERT(b.entryCount() > 1000);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.arin.net/registry/"), urlFor(b, "8.8.8.8"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.db.ripe.net/"), urlFor(b, "193.0.6.139"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.verisign.com/com/v1/"), urlFor(b, "example.com"));
        CPPUNIT_ASSERT(b.find(q("example.io"))->fromOverride);
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), urlFor(b, "example.de"));
        WhoisServers w = WhoisServers::load(etc + "/whois-servers.yaml");
        CPPUNIT_ASSERT_EQUAL(std::string("whois.denic.de"), w.serverFor(q("example.de")).host);
        CPPUNIT_ASSERT_EQUAL(std::string("whois.iana.org"), w.serverFor(q("192.0.2.1")).host);
        CPPUNIT_ASSERT_EQUAL(std::string("-T dn,ace example.de\r\n"),
                             w.queryLine(w.serverFor(q("example.de")), q("example.de")));
    }
    void notABootstrapFileIsRefused() {
        CPPUNIT_ASSERT_THROW(Bootstrap::parseFile("[]", "x"), std::runtime_error);
        CPPUNIT_ASSERT_THROW(Bootstrap::parseFile("{\"services\": [[\"a\"]]}", "x"), std::runtime_error);
        Bootstrap b;
        CPPUNIT_ASSERT_THROW(
            b.add("ipv4", Bootstrap::parseFile(R"({"services":[[["2001:db8::/32"],["https://x/"]]]})", "x"), false),
            std::runtime_error);
    }
    void refreshReplacesAndStores() {
        Fake fake;
        fake.serveIana(kNewDns);
        RdapSettings s = RdapSettings::fromConfig(fake.hostHandle);
        BootstrapSource source(fake.hostHandle, s);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.verisign.example/com/v1/"),
                             urlFor(*source.current(), "example.com"));
        CPPUNIT_ASSERT(source.refreshIfDue());
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.new.example/"), urlFor(*source.current(), "example.com"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.io.example/"),
                             urlFor(*source.current(), "example.io"));  // overrides stay
        CPPUNIT_ASSERT_EQUAL(std::string(kNewDns), fake.store.peek("rdap", "bootstrap:dns").value_or(""));
        CPPUNIT_ASSERT_EQUAL(size_t(4), fake.http.requests.size());
    }
    void failedRefreshKeepsTheSnapshot() {
        Fake fake;
        fake.serveIana("<html>maintenance</html>");
        RdapSettings s = RdapSettings::fromConfig(fake.hostHandle);
        BootstrapSource source(fake.hostHandle, s);
        CPPUNIT_ASSERT(!source.refreshIfDue());
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.verisign.example/com/v1/"),
                             urlFor(*source.current(), "example.com"));
        CPPUNIT_ASSERT(!fake.store.peek("rdap", "bootstrap:dns"));
        CPPUNIT_ASSERT_EQUAL(std::string("snapshot"), source.origin());
        fake.http.fail("GET", "https://iana.example/rdap/ipv4.json", "timeout after 4000 ms");
        fake.clock.advance(std::chrono::hours(25));
        CPPUNIT_ASSERT(!source.refreshIfDue());
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.verisign.example/com/v1/"),
                             urlFor(*source.current(), "example.com"));
    }
    void refreshAtMostOncePerPeriod() {
        Fake fake;
        fake.serveIana(kNewDns);
        RdapSettings s = RdapSettings::fromConfig(fake.hostHandle);
        BootstrapSource source(fake.hostHandle, s);
        CPPUNIT_ASSERT(source.refreshIfDue());
        fake.clock.advance(std::chrono::hours(23));
        CPPUNIT_ASSERT(!source.refreshIfDue());
        CPPUNIT_ASSERT_EQUAL(size_t(4), fake.http.requests.size());
        fake.clock.advance(std::chrono::hours(1));
        CPPUNIT_ASSERT(source.refreshIfDue());
        CPPUNIT_ASSERT_EQUAL(size_t(8), fake.http.requests.size());
    }
    void storedRefreshWinsAtStart() {
        Fake fake;
        fake.serveIana(kNewDns);
        RdapSettings s = RdapSettings::fromConfig(fake.hostHandle);
        {
            BootstrapSource first(fake.hostHandle, s);
            CPPUNIT_ASSERT(first.refreshIfDue());
        }
        BootstrapSource second(fake.hostHandle, s);
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.new.example/"), urlFor(*second.current(), "example.com"));
        CPPUNIT_ASSERT(!second.refreshIfDue());  // the stored copy is less than a day old
    }
    void whoisTableServersAndForms() {
        WhoisServers w = WhoisServers::load(kDir + "/whois-servers.yaml");
        CPPUNIT_ASSERT_EQUAL(std::string("whois.eurid.example:4343"), w.serverFor(q("example.eu")).text());
        CPPUNIT_ASSERT_EQUAL(std::string("whois.iana.example"), w.serverFor(q("example.fr")).text());
        WhoisServer arin{"whois.arin.example", 43};
        CPPUNIT_ASSERT_EQUAL(std::string("n + 192.0.2.1\r\n"), w.queryLine(arin, q("192.0.2.1")));
        CPPUNIT_ASSERT_EQUAL(std::string("AS64496\r\n"), w.queryLine(arin, q("64496")));
        CPPUNIT_ASSERT(w.mayRefer(WhoisServer{"whois.anywhere.example", 43}));
        CPPUNIT_ASSERT(w.mayRefer(WhoisServer{"whois.eurid.example", 4343}));  // named by the table
        CPPUNIT_ASSERT(!w.mayRefer(WhoisServer{"whois.anywhere.example", 25}));
        WhoisServer parsed;
        CPPUNIT_ASSERT(parseWhoisServer("[::1]:4343", parsed));
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), parsed.host);
        CPPUNIT_ASSERT(!parseWhoisServer("host:99999", parsed));
        CPPUNIT_ASSERT(!parseWhoisServer("a b", parsed));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BootstrapTest);

}  // namespace ipfacts::rdap
