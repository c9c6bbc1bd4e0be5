// The lookup body: every field of its documented list, always, in order.
#include "LookupResponseWriter.h"
#include "tests/support/plugin/BodyAsserts.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::lookup {
namespace {

const std::vector<std::string> kOrder = {
    "ip",           "version",        "hostname",  "city",       "region",          "region_code",
    "country",      "country_name",   "postal",    "loc",        "timezone",        "isp",
    "asn",          "as_name",        "as_domain", "rir",        "connection_type", "privacy",
    "geo_accuracy", "classification", "addresses", "checked_at", "source"};

using testing::assertKeysInOrder;

LookupReport base() {
    LookupReport r;
    r.ip = "192.0.2.1";
    r.version = 4;
    r.addresses = {"192.0.2.1"};
    r.stamp = ResponseStamp("2026-11-22T18:51:11Z", "ipfacts.example");
    return r;
}

}  // namespace

class LookupResponseWriterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LookupResponseWriterTest);
    CPPUNIT_TEST(withoutFactsEverythingIsNull);
    CPPUNIT_TEST(publicHostnameLookup);
    CPPUNIT_TEST_SUITE_END();

public:
    void withoutFactsEverythingIsNull() {
        LookupReport r = base();
        r.reasons.add("classification", "no address database is configured");
        const std::string body = writeLookupResponse(r);
        assertKeysInOrder(body, kOrder);
        CPPUNIT_ASSERT_EQUAL(
            std::string("{\"ip\":\"192.0.2.1\",\"version\":4,\"hostname\":null,\"city\":null,\"region\":null,"
                        "\"region_code\":null,\"country\":null,\"country_name\":null,\"postal\":null,\"loc\":null,"
                        "\"timezone\":null,\"isp\":null,\"asn\":null,\"as_name\":null,\"as_domain\":null,"
                        "\"rir\":\"UNKNOWN\",\"connection_type\":\"unknown\",\"privacy\":null,"
                        "\"geo_accuracy\":\"country-only\",\"classification\":null,\"addresses\":[\"192.0.2.1\"],"
                        "\"reasons\":{\"classification\":\"no address database is configured\"},"
                        "\"checked_at\":\"2026-11-22T18:51:11Z\",\"source\":\"ipfacts.example\"}"),
            body);
    }

    void publicHostnameLookup() {
        LookupReport r = base();
        r.ip = "2001:db8::7";
        r.version = 6;
        r.hostname = "www.example.com";
        r.addresses = {"2001:db8::7", "2001:db8::8"};
        NetFacts f;
        f.kind = "public", f.description = "globally routable unicast", f.routable = true;
        f.city = "Amsterdam", f.country = "NL", f.country_name = "Netherlands", f.geo_accuracy = "approximate";
        f.region = "North Holland", f.postal = "1012", f.latitude = 52.374, f.longitude = 4.88969;
        f.timezone = "Europe/Amsterdam";
        f.isp = "Example Networks", f.asn = 64500, f.as_name = "EXAMPLE-AS", f.as_domain = "example.net";
        f.rir = "RIPE", f.connection_type = "hosting";
        r.facts = f;
        const std::string body = writeLookupResponse(r);
        assertKeysInOrder(body, kOrder);
        CPPUNIT_ASSERT_EQUAL(
            std::string("{\"ip\":\"2001:db8::7\",\"version\":6,\"hostname\":\"www.example.com\",\"city\":\"Amsterdam\","
                        "\"region\":\"North Holland\",\"region_code\":null,"
                        "\"country\":\"NL\",\"country_name\":\"Netherlands\",\"postal\":\"1012\","
                        "\"loc\":\"52.3740,4.8897\",\"timezone\":\"Europe/Amsterdam\",\"isp\":\"Example Networks\","
                        "\"asn\":64500,\"as_name\":\"EXAMPLE-AS\",\"as_domain\":\"example.net\",\"rir\":\"RIPE\","
                        "\"connection_type\":\"hosting\",\"privacy\":null,\"geo_accuracy\":\"approximate\","
                        "\"classification\":{\"kind\":\"public\",\"rfc\":null,\"description\":\"globally routable "
                        "unicast\",\"routable\":true},\"addresses\":[\"2001:db8::7\",\"2001:db8::8\"],"
                        "\"checked_at\":\"2026-11-22T18:51:11Z\",\"source\":\"ipfacts.example\"}"),
            body);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LookupResponseWriterTest);

}  // namespace ipfacts::lookup
