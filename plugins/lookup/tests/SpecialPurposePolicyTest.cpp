// Private, reserved and documentation addresses: classification and an
// explanation, no location.
#include "SpecialPurposePolicy.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::lookup {
namespace {

LookupReport withFacts(const char* kind, std::optional<std::string> rfc) {
    NetFacts f;
    f.kind = kind;
    f.rfc = std::move(rfc);
    f.description = "a description";
    f.city = "Somewhere", f.country = "NL", f.country_name = "Netherlands";
    f.latitude = 1.0, f.longitude = 2.0, f.geo_accuracy = "approximate";
    f.isp = "Example", f.asn = 64500, f.as_name = "EX", f.as_domain = "example.net";
    f.rir = "RIPE", f.connection_type = "business";
    LookupReport r;
    r.facts = f;
    return r;
}

}  // namespace

class SpecialPurposePolicyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpecialPurposePolicyTest);
    CPPUNIT_TEST(publicAndAnycastKeepEverything);
    CPPUNIT_TEST(privateLosesLocationAndOwner);
    CPPUNIT_TEST(reasonWithoutRfc);
    CPPUNIT_TEST(noFactsNoChange);
    CPPUNIT_TEST_SUITE_END();

public:
    void publicAndAnycastKeepEverything() {
        for (const char* kind : {"public", "anycast", ""}) {
            LookupReport r = withFacts(kind, std::nullopt);
            withholdGeolocation(r);
            CPPUNIT_ASSERT(r.facts->city && r.facts->asn);
            CPPUNIT_ASSERT(r.reasons.empty());
        }
    }

    void privateLosesLocationAndOwner() {
        LookupReport r = withFacts("private", "RFC 1918");
        withholdGeolocation(r);
        const NetFacts& f = *r.facts;
        CPPUNIT_ASSERT(!f.city && !f.country && !f.country_name && !f.latitude && !f.geo_accuracy);
        CPPUNIT_ASSERT(!f.isp && !f.asn && !f.as_name && !f.as_domain);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), f.connection_type);
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), f.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("private"), f.kind);
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.reasons.size());
        CPPUNIT_ASSERT_EQUAL(std::string("geolocation"), r.reasons[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("private address (RFC 1918): no geolocation"), r.reasons[0].second);
        CPPUNIT_ASSERT_EQUAL(std::string("network"), r.reasons[1].first);
    }

    void reasonWithoutRfc() {
        LookupReport r = withFacts("reserved", std::nullopt);
        withholdGeolocation(r);
        CPPUNIT_ASSERT_EQUAL(std::string("reserved address: no geolocation"), r.reasons[0].second);
    }

    void noFactsNoChange() {
        LookupReport r;
        withholdGeolocation(r);
        CPPUNIT_ASSERT(r.reasons.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SpecialPurposePolicyTest);

}  // namespace ipfacts::lookup
