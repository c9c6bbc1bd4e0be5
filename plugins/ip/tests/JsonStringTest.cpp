// appendJsonString writes exactly what JsonWriter::value writes, for every
// kind of byte: plain ASCII, escapes, DEL, valid UTF-8 of every length, and
// each way UTF-8 can be invalid (stray continuation, truncated, overlong,
// surrogate, past U+10FFFF, bytes no sequence starts with).
#include "JsonString.h"

#include <ipfacts/json.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstdint>
#include <random>
#include <string>

namespace ipfacts::ip {
namespace {

std::string viaWriter(std::string_view s) {
    JsonWriter w;
    w.value(s);
    return w.str();
}

std::string viaAppend(std::string_view s) {
    std::string out = "prefix";  // appends, never replaces
    appendJsonString(out, s);
    return out.substr(6);
}

}  // namespace

class JsonStringTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JsonStringTest);
    CPPUNIT_TEST(plainTextIsQuotedOnly);
    CPPUNIT_TEST(escapesAreJsonWriters);
    CPPUNIT_TEST(validUtf8PassesThrough);
    CPPUNIT_TEST(invalidUtf8BecomesReplacementCharacters);
    CPPUNIT_TEST(everyByteAloneAndInContext);
    CPPUNIT_TEST(randomBytesMatchJsonWriter);
    CPPUNIT_TEST_SUITE_END();

    void same(const std::string& s) { CPPUNIT_ASSERT_EQUAL_MESSAGE(s, viaWriter(s), viaAppend(s)); }

public:
    void plainTextIsQuotedOnly() {
        CPPUNIT_ASSERT_EQUAL(std::string("\"\""), viaAppend(""));
        CPPUNIT_ASSERT_EQUAL(std::string("\"Mountain View\""), viaAppend("Mountain View"));
        CPPUNIT_ASSERT_EQUAL(std::string("\" ~\""), viaAppend(" ~"));
    }
    void escapesAreJsonWriters() {
        CPPUNIT_ASSERT_EQUAL(std::string("\"a\\\"b\\\\c\""), viaAppend("a\"b\\c"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"\\n\\r\\t\\b\\f\""), viaAppend("\n\r\t\b\f"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"\\u0000\\u001f\\u007f\""), viaAppend(std::string("\0\x1f\x7f", 3)));
        for (const char* s : {"\"", "\\", "x\"", "\"x", "\x01\x02", "end\x1b"}) same(s);
    }
    void validUtf8PassesThrough() {
        CPPUNIT_ASSERT_EQUAL(std::string("\"Linköping\""), viaAppend("Linköping"));
        // 2, 3 and 4 bytes, and the edges of each range.
        for (const char* s : {"\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF",
                              "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF", "S\xC3\xA3o Paulo", "\xE6\x9D\xB1\xE4\xBA\xAC"}) {
            CPPUNIT_ASSERT_EQUAL(std::string("\"") + s + "\"", viaAppend(s));
            same(s);
        }
    }
    void invalidUtf8BecomesReplacementCharacters() {
        const std::string fffd = "\xEF\xBF\xBD";
        CPPUNIT_ASSERT_EQUAL("\"a" + fffd + "b\"", viaAppend("a\x80"
                                                             "b"));              // stray continuation
        CPPUNIT_ASSERT_EQUAL("\"" + fffd + fffd + "\"", viaAppend("\xC0\xAF"));  // overlong '/'
        CPPUNIT_ASSERT_EQUAL("\"" + fffd + "\"", viaAppend("\xC3"));             // truncated at the end
        CPPUNIT_ASSERT_EQUAL("\"" + fffd + "x\"", viaAppend("\xC3x"));           // truncated before ASCII
        for (const char* s : {"\xE0\x80\x80", "\xED\xA0\x80", "\xF0\x80\x80\x80", "\xF4\x90\x80\x80", "\xF5\x80",
                              "\xFF", "\xFE\xFF", "\xE2\x82", "\xF0\x9F\x98", "ok\xC3\xA9\x80\"\n"})
            same(s);
    }
    void everyByteAloneAndInContext() {
        for (int c = 0; c < 256; ++c) {
            const char b = static_cast<char>(c);
            same(std::string(1, b));
            same(std::string("ab") + b + "cd");
            same(std::string("\xC3") + b);
            same(std::string("\xE2\x82") + b);
            same(std::string("\xF0\x9F\x98") + b);
        }
    }
    void randomBytesMatchJsonWriter() {
        std::mt19937 rng(1);  // fixed seed: the same strings on every run
        for (int i = 0; i < 20000; ++i) {
            std::string s(rng() % 70, '\0');
            const bool mostly_ascii = i % 2;
            for (char& c : s) c = static_cast<char>(mostly_ascii && rng() % 4 ? 0x20 + rng() % 95 : rng() % 256);
            same(s);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(JsonStringTest);

}  // namespace ipfacts::ip
