// The /json body: every IpReport field, always, in the documented order.
#include "IpReportWriter.h"
#include "tests/support/plugin/BodyAsserts.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

namespace ipfacts::ip {
namespace {

const std::vector<std::string> kSpecOrder = {
    "ip",           "version",   "hostname",  "city", "region",          "region_code",      "country",
    "country_name", "continent", "postal",    "loc",  "timezone",        "local_time",       "isp",
    "asn",          "as_name",   "as_domain", "rir",  "connection_type", "privacy",          "network",
    "protocol",     "tls",       "rtt_ms",    "edge", "user_agent",      "accepts_language", "geo_accuracy",
    "checked_at",   "source"};

using testing::assertKeysInOrder;

IpReport nothingKnown() {
    IpReport r;
    r.ip = "192.0.2.1";
    r.version = 4;
    r.network = ConnectionFacts{"HTTP/1.1", "none", -1, "ams1"};
    r.stamp = ResponseStamp("2026-11-22T18:51:11Z", "ipfacts.example");
    return r;
}

NetFacts amsterdam() {
    NetFacts f;
    f.version = 6;
    f.address = "2001:db8::7";
    f.kind = "public";
    f.routable = true;
    f.city = "Amsterdam", f.region = "North Holland", f.region_code = "NH";
    f.country = "NL", f.country_name = "Netherlands", f.continent = "EU", f.postal = "1012";
    f.latitude = 52.374, f.longitude = 4.88969;
    f.timezone = "Europe/Amsterdam", f.local_time = "2026-11-22T19:51:11+01:00";
    f.geo_accuracy = "approximate";
    f.asn = 64500, f.as_name = "EXAMPLE-AS", f.as_domain = "example.net", f.isp = "Example Networks";
    f.rir = "RIPE", f.connection_type = "business";
    return f;
}

}  // namespace

class IpReportWriterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(IpReportWriterTest);
    CPPUNIT_TEST(nothingKnownStillHasEveryField);
    CPPUNIT_TEST(everythingKnownIsWrittenExactly);
    CPPUNIT_TEST(reasonsComeBeforeTheStamps);
    CPPUNIT_TEST(rttHasThreeDecimals);
    CPPUNIT_TEST(locNeedsBothCoordinates);
    CPPUNIT_TEST_SUITE_END();

public:
    void nothingKnownStillHasEveryField() {
        const std::string body = writeIpReport(nothingKnown());
        assertKeysInOrder(body, kSpecOrder);
        CPPUNIT_ASSERT_EQUAL(
            std::string("{\"ip\":\"192.0.2.1\",\"version\":4,\"hostname\":null,\"city\":null,\"region\":null,"
                        "\"region_code\":null,\"country\":null,\"country_name\":null,\"continent\":null,"
                        "\"postal\":null,\"loc\":null,\"timezone\":null,\"local_time\":null,\"isp\":null,"
                        "\"asn\":null,\"as_name\":null,\"as_domain\":null,\"rir\":\"UNKNOWN\","
                        "\"connection_type\":\"unknown\",\"privacy\":null,\"network\":{\"protocol\":\"HTTP/1.1\","
                        "\"tls\":\"none\",\"rtt_ms\":null,\"edge\":\"ams1\"},\"user_agent\":null,"
                        "\"accepts_language\":null,\"geo_accuracy\":\"country-only\","
                        "\"checked_at\":\"2026-11-22T18:51:11Z\",\"source\":\"ipfacts.example\"}"),
            body);
    }

    void everythingKnownIsWrittenExactly() {
        IpReport r = nothingKnown();
        r.ip = "2001:db8::7";
        r.version = 6;
        r.hostname = "host.example.net";
        r.facts = amsterdam();
        r.network = ConnectionFacts{"HTTP/1.1", "TLSv1.3", 12345, "ams1"};
        r.userAgent = "curl/8.5.0";
        r.acceptsLanguage = "nl-NL,nl;q=0.9";
        const std::string body = writeIpReport(r);
        assertKeysInOrder(body, kSpecOrder);
        CPPUNIT_ASSERT_EQUAL(
            std::string("{\"ip\":\"2001:db8::7\",\"version\":6,\"hostname\":\"host.example.net\","
                        "\"city\":\"Amsterdam\",\"region\":\"North Holland\",\"region_code\":\"NH\","
                        "\"country\":\"NL\",\"country_name\":\"Netherlands\",\"continent\":\"EU\","
                        "\"postal\":\"1012\",\"loc\":\"52.3740,4.8897\",\"timezone\":\"Europe/Amsterdam\","
                        "\"local_time\":\"2026-11-22T19:51:11+01:00\",\"isp\":\"Example Networks\","
                        "\"asn\":64500,\"as_name\":\"EXAMPLE-AS\",\"as_domain\":\"example.net\","
                        "\"rir\":\"RIPE\",\"connection_type\":\"business\",\"privacy\":null,"
                        "\"network\":{\"protocol\":\"HTTP/1.1\",\"tls\":\"TLSv1.3\",\"rtt_ms\":12.345,"
                        "\"edge\":\"ams1\"},\"user_agent\":\"curl/8.5.0\",\"accepts_language\":\"nl-NL,nl;q=0.9\","
                        "\"geo_accuracy\":\"approximate\",\"checked_at\":\"2026-11-22T18:51:11Z\","
                        "\"source\":\"ipfacts.example\"}"),
            body);
    }

    void reasonsComeBeforeTheStamps() {
        IpReport r = nothingKnown();
        r.reasons.add("geolocation", "no address database is configured");
        r.reasons.add("privacy", "no privacy provider is configured");
        const std::string body = writeIpReport(r);
        assertKeysInOrder(body, kSpecOrder);
        CPPUNIT_ASSERT(body.find("\"geo_accuracy\":\"country-only\",\"reasons\":{\"geolocation\":\"no address "
                                 "database is configured\",\"privacy\":\"no privacy provider is configured\"},"
                                 "\"checked_at\"") != std::string::npos);
    }

    void rttHasThreeDecimals() {
        IpReport r = nothingKnown();
        r.network.rttUs = 0;
        CPPUNIT_ASSERT(writeIpReport(r).find("\"rtt_ms\":0.000,") != std::string::npos);
        r.network.rttUs = 120000;
        CPPUNIT_ASSERT(writeIpReport(r).find("\"rtt_ms\":120.000,") != std::string::npos);
        r.network.rttUs = 7;
        CPPUNIT_ASSERT(writeIpReport(r).find("\"rtt_ms\":0.007,") != std::string::npos);
    }

    void locNeedsBothCoordinates() {
        IpReport r = nothingKnown();
        NetFacts half;
        half.latitude = 52.0;
        r.facts = half;
        CPPUNIT_ASSERT(writeIpReport(r).find("\"loc\":null") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(IpReportWriterTest);

}  // namespace ipfacts::ip
