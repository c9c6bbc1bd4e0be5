// `loc` is "lat,lon" with four decimals each.
#include <ipfacts/loc_text.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

namespace ipfacts {

class LocTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LocTextTest);
    CPPUNIT_TEST(fourDecimalsRounded);
    CPPUNIT_TEST(negativeCoordinates);
    CPPUNIT_TEST(noNegativeZero);
    CPPUNIT_TEST(extremeValuesFitTheCapacity);
    CPPUNIT_TEST(digitsArePrintfs);
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
    /// Coordinates are written by integer arithmetic unless they are near a
    /// rounding tie: every value gives printf's "%.4f" digits, ties, values
    /// read from 32-bit floats (as the reduced mmdb layout stores them), and
    /// values past the fast path's range included.
    void digitsArePrintfs() {
        auto same = [](double v) {
            char expected[400];
            std::snprintf(expected, sizeof expected, "%.4f", std::fabs(v) < 0.00005 ? 0.0 : v);
            const std::string text = locText(v, 0.0);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(expected, std::string(expected), text.substr(0, text.find(',')));
        };
        for (double v : {0.0,      1.0,       -1.0,       0.00005,  -0.00005,  0.00015,      0.00025,   -0.00025,
                         1.00005,  1.23445,   -1.23445,   12.34565, 37.4056,   -122.0775,    179.99995, -179.99995,
                         89.99999, 999.99995, 1000.00005, 1e6,      0.1 + 0.2, 5e-5 + 1e-17, 123.456789})
            same(v);
        for (int i = -1800000; i <= 1800000; i += 7) {
            same(i / 10000.0);                                          // 4 decimals, exactly halfway cases nearby
            same(i / 10000.0 + 0.00005);                                // ties of the next decimal
            same(static_cast<double>(static_cast<float>(i / 9999.0)));  // float-derived
        }
        std::mt19937_64 rng(7);  // fixed seed
        std::uniform_real_distribution<double> any(-2000.0, 2000.0);
        for (int i = 0; i < 200000; ++i) same(any(rng));
    }
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

}  // namespace ipfacts
