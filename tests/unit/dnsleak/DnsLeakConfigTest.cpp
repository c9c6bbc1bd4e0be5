// The dnsleak: section: what it reads, its defaults, and what it refuses with file:line.
#include "host/facilities/dnsleak/DnsLeakConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts;
using facilities::dnsleak::DnsLeakConfig;

class DnsLeakConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsLeakConfigTest);
    CPPUNIT_TEST(readsAndDefaults);
    CPPUNIT_TEST(refusals);
    CPPUNIT_TEST_SUITE_END();

    testing::SectionReading<DnsLeakConfig> section_{"dnsleak"};

public:
    void readsAndDefaults() {
        const auto c = section_.read(
            "dnsleak: { zone: Leak.Example.ORG., listen: ['127.0.0.1', '::1'], port: 5353, answer_v4: 192.0.2.1 }");
        CPPUNIT_ASSERT_EQUAL(std::string("leak.example.org"), c.zone);
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.listen.size());
        CPPUNIT_ASSERT_EQUAL(5353, c.port);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), c.answer_v4);
        CPPUNIT_ASSERT(c.answer_v6.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("ns.leak.example.org"), c.nameserver);
        CPPUNIT_ASSERT_EQUAL(600, c.lifetime_s);
        CPPUNIT_ASSERT_EQUAL(20, c.per_source_per_second);
    }

    void refusals() {
        CPPUNIT_ASSERT(section_.error("dnsleak: { listen: ['127.0.0.1'], answer_v4: 192.0.2.1 }").find("needs zone") !=
                       std::string::npos);
        CPPUNIT_ASSERT(section_.error("dnsleak: { zone: a.b, listen: ['127.0.0.1'] }").find("answer_v4") !=
                       std::string::npos);
        CPPUNIT_ASSERT(
            section_.error("dnsleak: { zone: 'a b', listen: ['127.0.0.1'], answer_v4: 192.0.2.1 }").find("host name") !=
            std::string::npos);
        CPPUNIT_ASSERT(
            section_.error("dnsleak: { zone: a.b, listen: ['nowhere'], answer_v4: 192.0.2.1 }").find("m.yaml:1:") == 0);
        CPPUNIT_ASSERT(section_.error("dnsleak: { zone: a.b, listen: ['127.0.0.1'], answer_v4: '::1' }").find("IPv4") !=
                       std::string::npos);
        CPPUNIT_ASSERT(section_.error("dnsleak: { zone: a.b, listen: ['127.0.0.1'], answer_v4: 192.0.2.1, ports: 1 }")
                           .find("ports") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsLeakConfigTest);
