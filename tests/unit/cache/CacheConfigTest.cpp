// The cache: manifest section (host/facilities/cache/CacheConfig): a null
// section is the defaults; keys, ranges and the one backend.
#include "host/facilities/cache/CacheConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::cache::CacheConfig;

namespace {

const ipfacts::testing::SectionReading<CacheConfig> kSection("cache");

}  // namespace

class CacheConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CacheConfigTest);
    CPPUNIT_TEST(nullSectionIsTheDefaults);
    CPPUNIT_TEST(everyKeyIsRead);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void nullSectionIsTheDefaults() {
        auto c = kSection.read("cache:\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(64) << 20, c.max_bytes);
        CPPUNIT_ASSERT_EQUAL(std::string("memory"), c.backend);
    }

    void everyKeyIsRead() {
        auto c = kSection.read("cache:\n  max_bytes: 4096\n  backend: memory\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(4096), c.max_bytes);
        CPPUNIT_ASSERT_EQUAL(std::string("memory"), c.backend);
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: cache.backend: only memory is available in this build"),
                             kSection.error("cache:\n  backend: redis\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: cache.max_bytes must be between 4096 and 1099511627776"),
                             kSection.error("cache:\n  max_bytes: 4095\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: unknown key 'size' in cache"),
                             kSection.error("cache:\n  size: 5\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: cache must be a mapping"), kSection.error("cache: [1]\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CacheConfigTest);
