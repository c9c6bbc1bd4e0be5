// `loc` is "lat,lon" with four decimals each.
#include "LocText.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ip {

class LocTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LocTextTest);
    CPPUNIT_TEST(fourDecimalsRounded);
    CPPUNIT_TEST(negativeCoordinates);
    CPPUNIT_TEST(noNegativeZero);
    CPPUNIT_TEST_SUITE_END();

public:
    void fourDecimalsRounded() {
        CPPUNIT_ASSERT_EQUAL(std::string("52.3740,4.8897"), locText(52.374, 4.88969));
        CPPUNIT_ASSERT_EQUAL(std::string("0.0000,0.0000"), locText(0, 0));
    }
    void negativeCoordinates() {
        CPPUNIT_ASSERT_EQUAL(std::string("-33.8688,151.2093"), locText(-33.86882, 151.20929));
        CPPUNIT_ASSERT_EQUAL(std::string("40.7128,-74.0060"), locText(40.7128, -74.006));
    }
    void noNegativeZero() { CPPUNIT_ASSERT_EQUAL(std::string("0.0000,0.0000"), locText(-0.00001, -0.0)); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LocTextTest);

}  // namespace ipfacts::ip
