// The resolver: manifest section (host/facilities/dns/ResolverConfig):
// defaults, every key, and errors that name file and line.
#include "host/facilities/dns/ResolverConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::ResolverConfig;

namespace {

const ipfacts::testing::SectionReading<ResolverConfig> kSection("resolver");

}  // namespace

class ResolverConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ResolverConfigTest);
    CPPUNIT_TEST(emptySectionIsTheDefaults);
    CPPUNIT_TEST(everyKeyIsRead);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST(namedResolversHaveTheirOwnServers);
    CPPUNIT_TEST(namedResolverMaySaySystem);
    CPPUNIT_TEST(namedResolverErrorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void emptySectionIsTheDefaults() {
        auto c = kSection.read("resolver: {}\n");
        CPPUNIT_ASSERT(c.servers.empty());  // /etc/resolv.conf
        CPPUNIT_ASSERT_EQUAL(2000, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(2, c.attempts);
    }

    void everyKeyIsRead() {
        auto c = kSection.read(
            "resolver:\n  servers: [\"127.0.0.1:53\", \"[::1]:5353\"]\n  timeout_ms: 500\n  attempts: 3\n");
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.servers.size());
        CPPUNIT_ASSERT_EQUAL(std::string("[::1]:5353"), c.servers[1]);  // as written
        CPPUNIT_ASSERT_EQUAL(500, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(3, c.attempts);
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: resolver server '127.0.0.1' is not ADDR:PORT ([v6]:PORT)"),
                             kSection.error("resolver:\n  servers:\n    - 127.0.0.1\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: resolver.servers must be a list of ADDR:PORT"),
                             kSection.error("resolver: { servers: \"127.0.0.1:53\" }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: resolver.attempts must be between 1 and 10"),
                             kSection.error("resolver:\n  attempts: 0\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: resolver.timeout_ms must be between 50 and 60000"),
                             kSection.error("resolver:\n  timeout_ms: 10\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: unknown key 'timeout' in resolver"),
                             kSection.error("resolver:\n  timeout: 100\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: resolver must be a mapping"), kSection.error("resolver: [1]\n"));
    }

    void namedResolversHaveTheirOwnServers() {
        auto c = kSection.read(
            "resolver:\n  servers: [\"127.0.0.1:53\"]\n  timeout_ms: 700\n  attempts: 3\n"
            "  named:\n    blocklists: { servers: [\"127.0.0.1:5335\"], timeout_ms: 1500 }\n"
            "    other: { servers: [\"[::1]:53\"], attempts: 1 }\n");
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.named.size());
        const auto& b = c.named.at("blocklists");
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:5335"), b.servers.at(0));
        CPPUNIT_ASSERT_EQUAL(1500, b.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(3, b.attempts);  // the section's, when not its own
        CPPUNIT_ASSERT_EQUAL(700, c.named.at("other").timeout_ms);
        CPPUNIT_ASSERT_EQUAL(1, c.named.at("other").attempts);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:53"), c.servers.at(0));  // the default is unchanged
    }

    void namedResolverMaySaySystem() {
        // The installed manifest's blocklists resolver: /etc/resolv.conf, said outright.
        auto c = kSection.read("resolver:\n  named:\n    blocklists: { servers: system, timeout_ms: 1500 }\n");
        CPPUNIT_ASSERT(c.named.at("blocklists").servers.empty());
        CPPUNIT_ASSERT_EQUAL(1500, c.named.at("blocklists").timeout_ms);
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: resolver.named.lists.servers must be a list of ADDR:PORT"),
                             kSection.error("resolver:\n  named:\n    lists: { servers: systemd }\n"));
    }

    void namedResolverErrorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("m.yaml:3: resolver.named.lists.servers is required (a list of ADDR:PORT, or system for "
                        "/etc/resolv.conf)"),
            kSection.error("resolver:\n  named:\n    lists: { timeout_ms: 100 }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: resolver name 'Lists!' must be [a-z0-9_-]+"),
                             kSection.error("resolver:\n  named:\n    Lists!: { servers: [\"127.0.0.1:53\"] }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: unknown key 'server' in resolver.named.lists"),
                             kSection.error("resolver:\n  named:\n    lists: { server: [\"127.0.0.1:53\"] }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: resolver server '127.0.0.1' is not ADDR:PORT ([v6]:PORT)"),
                             kSection.error("resolver:\n  named:\n    lists: { servers: [127.0.0.1] }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: resolver.named must be a mapping of names to resolvers"),
                             kSection.error("resolver:\n  named: [a]\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ResolverConfigTest);
