#include <ipfacts/json.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <limits>

using ipfacts::JsonWriter;

class JsonWriterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JsonWriterTest);
    CPPUNIT_TEST(writesNestedShapesInOrder);
    CPPUNIT_TEST(escapesControlCharacters);
    CPPUNIT_TEST(replacesInvalidUtf8);
    CPPUNIT_TEST(nonFiniteNumbersAreNull);
    CPPUNIT_TEST_SUITE_END();

public:
    void writesNestedShapesInOrder() {
        JsonWriter w;
        w.beginObject().field("b", 1).key("a").beginArray().value(true).null().value("x").endArray();
        w.field("o", std::optional<std::string>()).key("e").beginObject().endObject().endObject();
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"b":1,"a":[true,null,"x"],"o":null,"e":{}})"), w.str());
    }
    void escapesControlCharacters() {
        JsonWriter w;
        w.value(std::string_view("q\"\\\n\x01\x7f", 6));
        CPPUNIT_ASSERT_EQUAL(std::string(R"("q\"\\\n\u0001\u007f")"), w.str());
    }
    void replacesInvalidUtf8() {
        JsonWriter w;
        w.beginArray().value("b\xC3\xBC").value("bad\xFF").value("\xED\xA0\x80").endArray();
        CPPUNIT_ASSERT_EQUAL(
            std::string("[\"b\xC3\xBC\",\"bad\xEF\xBF\xBD\",\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"]"), w.str());
    }
    void nonFiniteNumbersAreNull() {
        JsonWriter w;
        w.beginArray().value(std::numeric_limits<double>::infinity()).value(0.25).endArray();
        CPPUNIT_ASSERT_EQUAL(std::string("[null,0.25]"), w.str());
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(JsonWriterTest);
