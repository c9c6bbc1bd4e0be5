// ExpositionWriter: the text format's escaping, HELP/TYPE lines and values.
#include "host/metrics/ExpositionWriter.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::metrics;

class ExpositionWriterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ExpositionWriterTest);
    CPPUNIT_TEST(labelValuesAreEscaped);
    CPPUNIT_TEST(helpIsEscaped);
    CPPUNIT_TEST(familyAndSamples);
    CPPUNIT_TEST(valuesAsTheFormatSpellsThem);
    CPPUNIT_TEST_SUITE_END();

public:
    void labelValuesAreEscaped() {
        CPPUNIT_ASSERT_EQUAL(std::string("a\\\\b\\\"c\\nd"), escapeLabelValue("a\\b\"c\nd"));
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/reverse/{ip}"), escapeLabelValue("/api/v1/reverse/{ip}"));
        CPPUNIT_ASSERT_EQUAL(std::string("é\t"), escapeLabelValue("é\t"));  // UTF-8 and tabs pass as they are
    }

    void helpIsEscaped() {
        // Quotes stay in HELP: only backslash and line feed are special there.
        CPPUNIT_ASSERT_EQUAL(std::string("a \\\\ \"b\"\\nc"), escapeHelp("a \\ \"b\"\nc"));
    }

    void familyAndSamples() {
        ExpositionWriter w;
        w.family("ipfacts_x_total", "counter", "Things\ncounted.");
        w.sample("ipfacts_x_total", {{"route", "/a\"b"}, {"code", "200"}}, uint64_t(3));
        w.sample("ipfacts_x_total", {}, int64_t(-2));
        w.sample("ipfacts_x_seconds", {{"le", "+Inf"}}, 0.25);
        CPPUNIT_ASSERT_EQUAL(std::string("# HELP ipfacts_x_total Things\\ncounted.\n"
                                         "# TYPE ipfacts_x_total counter\n"
                                         "ipfacts_x_total{route=\"/a\\\"b\",code=\"200\"} 3\n"
                                         "ipfacts_x_total -2\n"
                                         "ipfacts_x_seconds{le=\"+Inf\"} 0.25\n"),
                             w.text());
    }

    void valuesAsTheFormatSpellsThem() {
        CPPUNIT_ASSERT_EQUAL(std::string("10"), formatValue(10.0));
        CPPUNIT_ASSERT_EQUAL(std::string("0.0005"), formatValue(0.0005));
        CPPUNIT_ASSERT_EQUAL(std::string("2.5"), formatValue(2.5));
        CPPUNIT_ASSERT_EQUAL(std::string("+Inf"), formatValue(1.0 / 0.0));
        CPPUNIT_ASSERT_EQUAL(std::string("-Inf"), formatValue(-1.0 / 0.0));
        CPPUNIT_ASSERT_EQUAL(std::string("NaN"), formatValue(0.0 / 0.0));
        CPPUNIT_ASSERT_EQUAL(1e-05, std::stod(formatValue(1e-05)));  // shortest text, read back exactly
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ExpositionWriterTest);
