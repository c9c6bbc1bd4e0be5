// TextCursor: text and decimals appended through a cursor, the string trimmed
// to what was written, and grown when the expected size was too small.
#include "host/pipeline/TextCursor.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdint>
#include <limits>
#include <string>

using ipfacts::pipeline::TextCursor;

class TextCursorTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TextCursorTest);
    CPPUNIT_TEST(appendsAfterWhatIsThere);
    CPPUNIT_TEST(decimalsAtTheEdges);
    CPPUNIT_TEST(zeroPaddedWidths);
    CPPUNIT_TEST(growsPastTheExpectedSize);
    CPPUNIT_TEST(nothingWrittenLeavesTheStringAsItWas);
    CPPUNIT_TEST_SUITE_END();

    static std::string decimal(int64_t v) {
        std::string s;
        TextCursor(s, 0).decimal(v);
        return s;
    }
    static std::string padded(uint32_t v, uint32_t width) {
        std::string s;
        TextCursor(s, 1).zeroPadded(v, width);
        return s;
    }

public:
    void appendsAfterWhatIsThere() {
        std::string s = "GET ";
        {
            TextCursor c(s, 64);
            c.text("/json").text(' ').decimal(200).text(std::string_view()).text('\n');
        }
        CPPUNIT_ASSERT_EQUAL(std::string("GET /json 200\n"), s);
    }
    void decimalsAtTheEdges() {
        CPPUNIT_ASSERT_EQUAL(std::string("0"), decimal(0));
        CPPUNIT_ASSERT_EQUAL(std::string("-1"), decimal(-1));
        CPPUNIT_ASSERT_EQUAL(std::string("9"), decimal(9));
        CPPUNIT_ASSERT_EQUAL(std::string("10"), decimal(10));
        CPPUNIT_ASSERT_EQUAL(std::string("1000000000"), decimal(1000000000));
        CPPUNIT_ASSERT_EQUAL(std::string("9223372036854775807"), decimal(std::numeric_limits<int64_t>::max()));
        CPPUNIT_ASSERT_EQUAL(std::string("-9223372036854775808"), decimal(std::numeric_limits<int64_t>::min()));
    }
    void zeroPaddedWidths() {
        CPPUNIT_ASSERT_EQUAL(std::string("000"), padded(0, 3));
        CPPUNIT_ASSERT_EQUAL(std::string("007"), padded(7, 3));
        CPPUNIT_ASSERT_EQUAL(std::string("042"), padded(42, 3));
        CPPUNIT_ASSERT_EQUAL(std::string("999"), padded(999, 3));
        CPPUNIT_ASSERT_EQUAL(std::string("1000"), padded(1000, 3));  // more digits: written whole
        CPPUNIT_ASSERT_EQUAL(std::string("5"), padded(5, 0));
        CPPUNIT_ASSERT_EQUAL(std::string("4294967295"), padded(std::numeric_limits<uint32_t>::max(), 3));
        CPPUNIT_ASSERT_EQUAL(std::string("00000000000000000001"), padded(1, 20));
    }
    void growsPastTheExpectedSize() {
        std::string s = "x";
        const std::string long_text(5000, 'a');
        {
            TextCursor c(s, 2);  // far too small: every write still lands
            for (int i = 0; i < 3; ++i) c.text(long_text).decimal(-123456789).zeroPadded(12, 30);
        }
        std::string expected = "x";
        for (int i = 0; i < 3; ++i) expected += long_text + "-123456789" + std::string(28, '0') + "12";
        CPPUNIT_ASSERT_EQUAL(expected.size(), s.size());
        CPPUNIT_ASSERT(expected == s);
    }
    void nothingWrittenLeavesTheStringAsItWas() {
        std::string s = "kept";
        { TextCursor c(s, 1000); }
        CPPUNIT_ASSERT_EQUAL(std::string("kept"), s);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(TextCursorTest);
