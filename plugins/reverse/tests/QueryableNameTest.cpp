// Which PTR targets may be asked forward. (Reading PTR names out of an
// answer is the SDK's ptrNames, tested in unit.sdk.)
#include "QueryableName.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

namespace ipfacts::reverse {

class QueryableNameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(QueryableNameTest);
    CPPUNIT_TEST(checksQueryableNames);
    CPPUNIT_TEST_SUITE_END();

public:
    void checksQueryableNames() {
        CPPUNIT_ASSERT(isQueryableName("host.example.test"));
        CPPUNIT_ASSERT(isQueryableName("_x.host-1.example.test"));
        CPPUNIT_ASSERT(!isQueryableName(""));
        CPPUNIT_ASSERT(!isQueryableName("host.example.test."));
        CPPUNIT_ASSERT(!isQueryableName("a..b"));
        CPPUNIT_ASSERT(!isQueryableName("host example.test"));
        CPPUNIT_ASSERT(!isQueryableName(std::string(64, 'a') + ".test"));
        CPPUNIT_ASSERT(!isQueryableName(std::string(250, 'a') + ".test"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(QueryableNameTest);

}  // namespace ipfacts::reverse
