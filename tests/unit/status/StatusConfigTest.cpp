// The status: manifest section: defaults, targets, and the errors it refuses with file:line.
#include "host/status/StatusConfig.h"

#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::status;

class StatusConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StatusConfigTest);
    CPPUNIT_TEST(readsTargets);
    CPPUNIT_TEST(refusesBadSections);
    CPPUNIT_TEST_SUITE_END();

    ipfacts::testing::SectionReading<StatusConfig> reading_{"status"};

public:
    void readsTargets() {
        auto c = reading_.read(
            "status:\n  region: eu-1\n  allow: [127.0.0.1/32]\n  targets:\n"
            "    - { url: 'http://127.0.0.1:8080/ip', label: Address }\n    - { url: 'https://x.test/' }\n");
        CPPUNIT_ASSERT_EQUAL(std::string("eu-1"), c.region);
        CPPUNIT_ASSERT_EQUAL(60, c.interval_s);
        CPPUNIT_ASSERT_EQUAL(5000, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(3, c.upstream_down_after);
        CPPUNIT_ASSERT_EQUAL(5, reading_.read("status:\n  upstream_down_after: 5\n").upstream_down_after);
        CPPUNIT_ASSERT(!c.manual_clock);
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.targets.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Address"), c.targets[0].label);
        CPPUNIT_ASSERT_EQUAL(std::string("http"), c.targets[0].kind);
        CPPUNIT_ASSERT_EQUAL(std::string("https://x.test/"), c.targets[1].label);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1/32"), c.allow.at(0));
    }

    void refusesBadSections() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: status.timeout_ms must be shorter than interval_s"),
                             reading_.error("status:\n  interval_s: 10\n  timeout_ms: 10000\n"));
        CPPUNIT_ASSERT(reading_.error("status:\n  targets:\n    - { url: 'ftp://x/' }\n")
                           .find("m.yaml:3: status target url must be an http:// or https:// URL") == 0);
        CPPUNIT_ASSERT(reading_.error("status:\n  targets:\n    - { url: 'http://x/', kind: tcp }\n")
                           .find("status target kind must be http") != std::string::npos);
        CPPUNIT_ASSERT(reading_.error("status:\n  allow: [nowhere]\n").find("is not an address or CIDR block") !=
                       std::string::npos);
        CPPUNIT_ASSERT(reading_.error("status:\n  targets:\n    - { url: 'http://x/' }\n    - { url: 'http://x/' }\n")
                           .find("listed twice") != std::string::npos);
        CPPUNIT_ASSERT(reading_.error("status:\n  retention_days: 7\n").find("retention_days") != std::string::npos);
        CPPUNIT_ASSERT(reading_.error("status:\n  upstream_down_after: 0\n").find("upstream_down_after") !=
                       std::string::npos);
        CPPUNIT_ASSERT(reading_.error("status:\n  probe_every: 5\n").find("probe_every") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StatusConfigTest);
