// /ip.md: exactly five lines, in the documented format.
#include "MarkdownReport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>

namespace ipfacts::ip {
namespace {

NetFacts known() {
    NetFacts f;
    f.city = "Amsterdam", f.region = "North Holland", f.country_name = "Netherlands";
    f.isp = "Example Networks", f.asn = 64500, f.as_name = "EXAMPLE-AS";
    f.geo_accuracy = "approximate";
    return f;
}

std::string write(NetFacts f, std::string_view ip = "203.0.113.7", int version = 4) {
    const Held<NetFactsView> facts(std::move(f));  // as the host hands them out
    return writeMarkdownReport(MarkdownInput{ip, version, facts, "https://ipfacts.example/ip.md"});
}

}  // namespace

class MarkdownReportTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MarkdownReportTest);
    CPPUNIT_TEST(everythingKnown);
    CPPUNIT_TEST(nothingKnown);
    CPPUNIT_TEST(partialLocationSkipsUnknownParts);
    CPPUNIT_TEST(labelFollowsGeoAccuracy);
    CPPUNIT_TEST(ispFallsBackToAsName);
    CPPUNIT_TEST(asnAlone);
    CPPUNIT_TEST(ispWithoutAsn);
    CPPUNIT_TEST(newlinesInValuesKeepFiveLines);
    CPPUNIT_TEST_SUITE_END();

public:
    void everythingKnown() {
        CPPUNIT_ASSERT_EQUAL(std::string("# Your IP address\n"
                                         "- IP: 2001:db8::7 (IPv6)\n"
                                         "- Location: Amsterdam, North Holland, Netherlands (approximate)\n"
                                         "- ISP: Example Networks (AS64500)\n"
                                         "- Source: https://ipfacts.example/ip.md\n"),
                             write(known(), "2001:db8::7", 6));
    }

    void nothingKnown() {
        CPPUNIT_ASSERT_EQUAL(std::string("# Your IP address\n"
                                         "- IP: 203.0.113.7 (IPv4)\n"
                                         "- Location: unknown\n"
                                         "- ISP: unknown\n"
                                         "- Source: https://ipfacts.example/ip.md\n"),
                             write(NetFacts{}));
    }

    void partialLocationSkipsUnknownParts() {
        NetFacts f;
        f.country_name = "Netherlands";
        f.city = "Amsterdam";
        f.geo_accuracy = "approximate";
        CPPUNIT_ASSERT(write(f).find("- Location: Amsterdam, Netherlands (approximate)\n") != std::string::npos);
    }

    // A country alone is not an approximate location: the label is netdb's geo_accuracy.
    void labelFollowsGeoAccuracy() {
        NetFacts f;
        f.country_name = "Netherlands";
        f.geo_accuracy = "country-only";
        CPPUNIT_ASSERT(write(f).find("- Location: Netherlands (country-only)\n") != std::string::npos);
        f.geo_accuracy.reset();  // a host that gives none: country-only, as /json says
        CPPUNIT_ASSERT(write(f).find("- Location: Netherlands (country-only)\n") != std::string::npos);
        f.geo_accuracy = "approximate";
        CPPUNIT_ASSERT(write(f).find("- Location: Netherlands (approximate)\n") != std::string::npos);
    }

    void ispFallsBackToAsName() {
        NetFacts f = known();
        f.isp.reset();
        CPPUNIT_ASSERT(write(f).find("- ISP: EXAMPLE-AS (AS64500)\n") != std::string::npos);
    }

    void asnAlone() {
        NetFacts f;
        f.asn = 64500;
        CPPUNIT_ASSERT(write(f).find("- ISP: AS64500\n") != std::string::npos);
    }

    void ispWithoutAsn() {
        NetFacts f;
        f.isp = "Example Networks";
        CPPUNIT_ASSERT(write(f).find("- ISP: Example Networks\n") != std::string::npos);
    }

    void newlinesInValuesKeepFiveLines() {
        NetFacts f = known();
        f.city = "Evil\nCity";
        f.isp = "Bad\r\nISP";
        const std::string body = write(f);
        CPPUNIT_ASSERT_EQUAL(5L, static_cast<long>(std::count(body.begin(), body.end(), '\n')));
        CPPUNIT_ASSERT(body.find("Evil City") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MarkdownReportTest);

}  // namespace ipfacts::ip
