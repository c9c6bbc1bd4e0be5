// TXT presentation format to text: strings joined (RFC 7208 3.3), escapes decoded.
#include "TxtText.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {

class TxtTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TxtTextTest);
    CPPUNIT_TEST(joinsStringsWithNothingBetween);
    CPPUNIT_TEST(decodesEscapes);
    CPPUNIT_TEST(keepsMalformedInput);
    CPPUNIT_TEST_SUITE_END();

public:
    void joinsStringsWithNothingBetween() {
        const std::string a(255, 'a'), b(45, 'b');
        const std::string data = "\"" + a + "\" \"" + b + "\"";
        CPPUNIT_ASSERT_EQUAL(a + b, joinTxtStrings(data));
        CPPUNIT_ASSERT_EQUAL(size_t(2), txtStringCount(data));
        CPPUNIT_ASSERT_EQUAL(std::string("v=spf1 ip4:192.0.2.1 -all"),
                             joinTxtStrings("\"v=spf1 \" \"ip4:192.0.2.1\" \" -all\""));
    }
    void decodesEscapes() {
        CPPUNIT_ASSERT_EQUAL(std::string("a\"b\\c;d"), joinTxtStrings(R"("a\"b\\c\059d")"));
        CPPUNIT_ASSERT_EQUAL(std::string("unquoted"), joinTxtStrings("unquoted"));
    }
    // What the SDK's reader refuses (the facility never hands it over) comes back as given.
    void keepsMalformedInput() {
        CPPUNIT_ASSERT_EQUAL(std::string("\"open"), joinTxtStrings("\"open"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"x\\"), joinTxtStrings("\"x\\"));
        CPPUNIT_ASSERT_EQUAL(std::string(R"("\999")"), joinTxtStrings(R"("\999")"));  // \DDD above 255
        CPPUNIT_ASSERT_EQUAL(size_t(1), txtStringCount("\"open"));
        CPPUNIT_ASSERT_EQUAL(std::string(), joinTxtStrings(""));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TxtTextTest);

}  // namespace ipfacts::mail
