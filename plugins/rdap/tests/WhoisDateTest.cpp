// WhoisDate: the date forms met in the corpus of recorded WHOIS answers, each
// read as ISO 8601 UTC with the offset it carries applied; text holding no
// date is null.
#include "WhoisDate.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::rdap {

class WhoisDateTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WhoisDateTest);
    CPPUNIT_TEST(registryForms);
    CPPUNIT_TEST(offsets);
    CPPUNIT_TEST(noDate);
    CPPUNIT_TEST_SUITE_END();

    static std::string d(const std::string& raw) { return whoisDate(raw).value_or("(null)"); }

public:
    void registryForms() {
        CPPUNIT_ASSERT_EQUAL(std::string("1996-12-06T00:00:00Z"), d("19961206 #24302"));      // registro.br
        CPPUNIT_ASSERT_EQUAL(std::string("2002-09-19T13:00:00Z"), d("2002.09.19 13:00:00"));  // NASK
        CPPUNIT_ASSERT_EQUAL(std::string("2006-06-30T00:00:00Z"), d("30.6.2006 00:00:00"));   // Traficom
        CPPUNIT_ASSERT_EQUAL(std::string("2004-04-06T00:00:00Z"), d("06-04-2004"));           // HKIRC, day first
        CPPUNIT_ASSERT_EQUAL(std::string("2001-12-18T00:00:00Z"), d("12/18/2001"));           // .tk, month first
        CPPUNIT_ASSERT_EQUAL(std::string("2007-03-02T00:00:00Z"), d("2007. 03. 02."));        // KISA
        CPPUNIT_ASSERT_EQUAL(std::string("1999-05-31T00:00:00Z"), d("31 May 1999"));
        CPPUNIT_ASSERT_EQUAL(std::string("2003-04-30T00:00:00Z"), d("30th April 2003 at 00:00:00.000"));
        CPPUNIT_ASSERT_EQUAL(std::string("2014-06-11T00:00:00Z"), d("11-Jun-2014"));
        CPPUNIT_ASSERT_EQUAL(std::string("2002-10-25T00:00:00Z"), d("hm-changed@apnic.net 20021025"));
        CPPUNIT_ASSERT_EQUAL(std::string("2018-02-05T22:59:12Z"), d("2018-02-05 22:59:12.55172"));
    }
    void offsets() {
        CPPUNIT_ASSERT_EQUAL(std::string("2011-07-21T15:03:50Z"), d("2011-07-21 18:03:50+03"));       // .ua
        CPPUNIT_ASSERT_EQUAL(std::string("2023-03-31T16:05:57Z"), d("2023/04/01 01:05:57 (JST)"));    // JPRS
        CPPUNIT_ASSERT_EQUAL(std::string("2000-08-29T02:22:50Z"), d("2000-08-29 10:22:50 (UTC+8)"));  // TWNIC
        CPPUNIT_ASSERT_EQUAL(std::string("1999-06-07T13:01:43Z"), d("1999-06-07 13:01:43 (GMT+0:00)"));
        CPPUNIT_ASSERT_EQUAL(std::string("1997-09-15T07:00:00Z"), d("1997-09-15T00:00:00-0700"));
        CPPUNIT_ASSERT_EQUAL(std::string("2010-07-04T01:34:46Z"), d("2010-07-04 04:34:46 +03:00"));  // .ee
    }
    void noDate() {
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), d("ok - Normal state."));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), d(""));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), d("2019-13-45"));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), d("Connected (2024/99/31)"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WhoisDateTest);

}  // namespace ipfacts::rdap
