// The privacy: manifest section (host/facilities/privacy/PrivacyConfig):
// each provider with its switch and defaults, and errors naming file and line.
#include "host/facilities/privacy/PrivacyConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>

using ipfacts::facilities::privacy::PrivacyConfig;

namespace {

const ipfacts::testing::SectionReading<PrivacyConfig> kSection("privacy");

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

class PrivacyConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PrivacyConfigTest);
    CPPUNIT_TEST(emptySectionHasNoProvider);
    CPPUNIT_TEST(everyProviderIsRead);
    CPPUNIT_TEST(keyComesFromTheEnvironment);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void emptySectionHasNoProvider() {
        auto c = kSection.read("privacy: {}\n");
        CPPUNIT_ASSERT(!c.tor && c.relays.empty() && !c.provider && c.lists.empty());
        CPPUNIT_ASSERT(c.hosting.enabled && c.hosting.connection_type);
        CPPUNIT_ASSERT(c.feeds().empty());
    }

    void everyProviderIsRead() {
        auto c = kSection.read(
            "privacy:\n"
            "  tor: { url: https://check.torproject.org/exit-addresses, refresh_s: 1800 }\n"
            "  tor_dns: { enabled: false, zone: DNSEL.torproject.org. }\n"
            "  relays:\n"
            "    icloud-private-relay: { service: iCloud Private Relay, url: "
            "https://mask-api.icloud.com/egress-ip-ranges.csv }\n"
            "    other: { enabled: false, url: https://relay.example/ranges.csv, max_age_s: 60 }\n"
            "  hosting: { enabled: true, connection_type: false }\n"
            "  provider:\n"
            "    name: proxycheck\n"
            "    url: \"https://proxycheck.io/v2/{ip}?key={key}&vpn=1\"\n"
            "    key: secret\n"
            "    vpn: { path: \"{ip}.type\", equals: VPN }\n"
            "    proxy: { path: \"{ip}.proxy\", equals: \"yes\" }\n"
            "    service: { path: \"{ip}.provider\" }\n"
            "  lists:\n"
            "    office: { flag: vpn, file: hosts, service: Office VPN }\n");
        CPPUNIT_ASSERT(c.tor && c.tor->enabled && c.tor->tor_format);
        CPPUNIT_ASSERT_EQUAL(std::string("tor-exits"), c.tor->name);
        CPPUNIT_ASSERT_EQUAL(int64_t(1800), c.tor->refresh_s);
        CPPUNIT_ASSERT_EQUAL(int64_t(6 * 3600), c.tor->max_age_s);
        CPPUNIT_ASSERT(c.tor_dns && !c.tor_dns->enabled);
        CPPUNIT_ASSERT_EQUAL(std::string("dnsel.torproject.org"), c.tor_dns->zone);
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.relays.size());
        CPPUNIT_ASSERT_EQUAL(std::string("iCloud Private Relay"), c.relays[0].service);
        CPPUNIT_ASSERT_EQUAL(std::string("relay"), c.relays[0].flag);
        CPPUNIT_ASSERT(!c.relays[1].enabled);
        CPPUNIT_ASSERT_EQUAL(int64_t(60), c.relays[1].max_age_s);
        CPPUNIT_ASSERT(!c.hosting.connection_type);
        CPPUNIT_ASSERT(c.provider && !c.provider->enabled);  // a paid provider is off unless switched on
        CPPUNIT_ASSERT_EQUAL(std::string("secret"), c.provider->key);
        CPPUNIT_ASSERT_EQUAL(std::string("VPN"), c.provider->vpn.equals);
        CPPUNIT_ASSERT_EQUAL(std::string("{ip}.provider"), c.provider->service.path);
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/hosts"), c.lists[0].file);
        CPPUNIT_ASSERT_EQUAL(std::string("vpn"), c.lists[0].flag);
        CPPUNIT_ASSERT_EQUAL(size_t(4), c.feeds().size());
    }

    void keyComesFromTheEnvironment() {
        setenv("IPFACTS_TEST_PRIVACY_KEY", "from-env", 1);
        auto c = kSection.read(
            "privacy:\n"
            "  provider: { enabled: true, url: \"https://p.example/{ip}?k={key}\", key_env: IPFACTS_TEST_PRIVACY_KEY,\n"
            "              vpn: { path: vpn } }\n");
        CPPUNIT_ASSERT_EQUAL(std::string("from-env"), c.provider->key);
        unsetenv("IPFACTS_TEST_PRIVACY_KEY");
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  tor: { refresh_s: 60 }\n"),
                           "m.yaml:2: privacy.tor needs one of url and file"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  tor: { url: ftp://x/y }\n"), "must be an http(s) URL"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  lists:\n    a: { flag: bogus, file: hosts }\n"),
                           "m.yaml:3: privacy.lists.a.flag must be vpn, proxy, tor, relay or hosting"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  provider: { url: \"https://p.example/x\", vpn: { path: a } }\n"),
                           "must hold {ip}"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  provider: { url: \"https://p.example/{ip}\" }\n"),
                           "needs a vpn or proxy path"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  overrides: no-such-file.yaml\n"), "does not exist"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  tor: { url: https://x/y, refresh_s: 0 }\n"), "refresh_s"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  bogus: 1\n"), "bogus"));
        CPPUNIT_ASSERT(
            has(kSection.error("privacy:\n  tor_dns: { enabled: true }\n"), "m.yaml:2: privacy.tor_dns needs zone"));
        CPPUNIT_ASSERT(has(kSection.error("privacy:\n  tor_dns: { zone: a..b }\n"), "must be a DNS name"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PrivacyConfigTest);
