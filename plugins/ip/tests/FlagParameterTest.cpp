// `full` takes the value 1 once, or is absent; everything else is refused.
#include "FlagParameter.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ip {

class FlagParameterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FlagParameterTest);
    CPPUNIT_TEST(absentIsAbsent);
    CPPUNIT_TEST(oneIsSet);
    CPPUNIT_TEST(otherValuesAreInvalid);
    CPPUNIT_TEST(repeatedIsInvalid);
    CPPUNIT_TEST_SUITE_END();

public:
    void absentIsAbsent() { CPPUNIT_ASSERT(readFlag(0, std::nullopt) == Flag::Absent); }
    void oneIsSet() { CPPUNIT_ASSERT(readFlag(1, std::string_view("1")) == Flag::Set); }
    void otherValuesAreInvalid() {
        for (std::string_view v : {"", "0", "true", "yes", "01", "1 ", "2"})
            CPPUNIT_ASSERT_MESSAGE(std::string(v), readFlag(1, v) == Flag::Invalid);
    }
    void repeatedIsInvalid() { CPPUNIT_ASSERT(readFlag(2, std::string_view("1")) == Flag::Invalid); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FlagParameterTest);

}  // namespace ipfacts::ip
