// The host's JSON rewrites (host/pipeline/JsonShape): pretty layout and
// fields= selection keep every byte of strings and numbers.
#include "host/pipeline/JsonShape.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::pipeline;

class JsonShapeTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JsonShapeTest);
    CPPUNIT_TEST(prettyIndentsByTwo);
    CPPUNIT_TEST(prettyKeepsStringsAndNumbersByteForByte);
    CPPUNIT_TEST(prettyLeavesNonJsonAlone);
    CPPUNIT_TEST(prettyGrowthIsBounded);
    CPPUNIT_TEST(selectKeepsTheAnswersOrder);
    CPPUNIT_TEST(selectKeepsNestedValuesWhole);
    CPPUNIT_TEST(selectLeavesNonObjectsAlone);
    CPPUNIT_TEST_SUITE_END();

public:
    void prettyIndentsByTwo() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      true,\n      null\n    ]\n  },\n"
                        "  \"d\": {},\n  \"e\": []\n}\n"),
            prettyJson(R"({"a":1,"b":{"c":[true,null]},"d":{},"e":[ ]})"));
        CPPUNIT_ASSERT_EQUAL(std::string("[]\n"), prettyJson("[]"));
    }
    void prettyKeepsStringsAndNumbersByteForByte() {
        const std::string in = R"({"s":"a,b:{c}[\"]\\","n":-1.50e+3,"u":"\u00e9 Linköping"})";
        CPPUNIT_ASSERT_EQUAL(std::string("{\n  \"s\": \"a,b:{c}[\\\"]\\\\\",\n  \"n\": -1.50e+3,\n"
                                         "  \"u\": \"\\u00e9 Linköping\"\n}\n"),
                             prettyJson(in));
    }
    void prettyLeavesNonJsonAlone() {
        for (const std::string in : {"{\"a\":1", "{\"a\":\"x}", "}", "8.8.8.8\n", "{\"a\":<b>}"})
            CPPUNIT_ASSERT_EQUAL(in, prettyJson(in));
    }
    /// Tiny elements 100 levels down would grow about 200-fold pretty: such a body goes out
    /// compact; one level less deep than the bound allows is still indented.
    void prettyGrowthIsBounded() {
        std::string deep(100, '[');
        for (int i = 0; i < 2000; ++i) deep += "0,";
        deep += "0" + std::string(100, ']');
        CPPUNIT_ASSERT_EQUAL(deep, prettyJson(deep));
        std::string shallow = "[[";
        for (int i = 0; i < 2000; ++i) shallow += "0,";
        shallow += "0]]";
        const std::string pretty = prettyJson(shallow);
        CPPUNIT_ASSERT(pretty != shallow && pretty.size() <= shallow.size() * kMaxPrettyGrowth + 4096);
    }

    void selectKeepsTheAnswersOrder() {
        const std::string in = R"({"ip":"8.8.8.8","version":4,"city":null,"asn":15169})";
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"ip":"8.8.8.8","asn":15169})"), selectMembers(in, {"asn", "ip"}));
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"city":null})"), selectMembers(in, {"city"}));
        CPPUNIT_ASSERT_EQUAL(std::string("{}"), selectMembers(in, {"nothing"}));
    }
    void selectKeepsNestedValuesWhole() {
        const std::string in = R"({"network":{"protocol":"HTTP/1.1","x":[1,{"y":"}"}]},"source":"s"})";
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"network":{"protocol":"HTTP/1.1","x":[1,{"y":"}"}]}})"),
                             selectMembers(in, {"network"}));
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"source":"s"})"),
                             selectMembers(" { \"network\" : {} , \"source\" : \"s\" } ", {"source"}));
    }
    void selectLeavesNonObjectsAlone() {
        for (const std::string in : {"[1,2]", "\"s\"", "{\"a\":1", "{\"a\":1 \"b\":2}", "{\"a\" 1}"})
            CPPUNIT_ASSERT_EQUAL(in, selectMembers(in, {"a"}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(JsonShapeTest);
