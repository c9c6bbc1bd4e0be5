// The meters: manifest section (host/facilities/meters/MetersConfig): a daily
// budget per meter name, and errors that name file and line.
#include "host/facilities/meters/MetersConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::MetersConfig;

namespace {

const ipfacts::testing::SectionReading<MetersConfig> kSection("meters");

}  // namespace

class MetersConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MetersConfigTest);
    CPPUNIT_TEST(readsABudgetPerMeter);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void readsABudgetPerMeter() {
        auto c = kSection.read("meters:\n  privacy: { per_day: 20 }\n  full_1: { per_day: 0 }\n");
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.per_day.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(20), c.per_day.at("privacy"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), c.per_day.at("full_1"));
        CPPUNIT_ASSERT(kSection.read("meters: {}\n").per_day.empty());  // no meters: no facility
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: meters must be a mapping of meter name to { per_day }"),
                             kSection.error("meters: [privacy]\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: meter name 'Privacy' must match [a-z0-9_-]+"),
                             kSection.error("meters:\n  Privacy: { per_day: 20 }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: meters.privacy needs per_day"),
                             kSection.error("meters:\n  privacy: {}\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: unknown key 'per_hour' in meters.privacy"),
                             kSection.error("meters:\n  privacy: { per_hour: 20 }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: meters.privacy.per_day must be between 0 and 2147483647"),
                             kSection.error("meters:\n  privacy:\n    per_day: -1\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: meters.privacy.per_day must be a whole number"),
                             kSection.error("meters:\n  privacy: { per_day: lots }\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MetersConfigTest);
