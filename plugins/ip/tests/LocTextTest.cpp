// `loc` is "lat,lon" with four decimals each.
#include "LocText.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ip {

class LocTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LocTextTest);
    CPPUNIT_TEST(fourDecimalsRounded);
    CPPUNIT_TEST(negativeCoordinates);
    CPPUNIT_TEST(noNegativeZero);
    CPPUNIT_TEST(extremeValuesFitTheCapacity);
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
    /// writeLocText writes into a buffer of kLocTextCapacity: the widest
    /// doubles in fixed notation fit, and appendLocText gives the same text.
    void extremeValuesFitTheCapacity() {
        const double widest = -1.7976931348623157e308;
        const std::string text = locText(widest, widest);
        CPPUNIT_ASSERT(text.size() <= kLocTextCapacity);
        CPPUNIT_ASSERT_EQUAL(size_t(2 * (1 + 309 + 5) + 1), text.size());  // sign, 309 digits, ".0000"
        CPPUNIT_ASSERT(text.find(".0000,-179769313") != std::string::npos);
        char buf[kLocTextCapacity];
        CPPUNIT_ASSERT_EQUAL(text, std::string(buf, writeLocText(buf, widest, widest)));
        std::string appended = "x";
        appendLocText(appended, 90, -180);
        CPPUNIT_ASSERT_EQUAL(std::string("x90.0000,-180.0000"), appended);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LocTextTest);

}  // namespace ipfacts::ip
