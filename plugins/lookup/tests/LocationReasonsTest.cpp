// The lookup's words for an address netdb does not locate; the rule itself
// (which addresses, which facts are withheld) is netdb's, so these facts are
// shaped as netdb answers them.
#include "LocationReasons.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::lookup {
namespace {

/// Facts as netdb gives them for space it does not locate because of `kind`.
LookupReport unlocated(const char* kind, std::optional<std::string> rfc) {
    NetFacts f;
    f.kind = kind;
    f.rfc = std::move(rfc);
    f.description = "a description";
    f.rir = "IANA";
    f.geo_accuracy = "country-only";
    f.locatable = false;
    f.not_locatable_reason = kind;
    LookupReport r;
    r.facts = f;
    return r;
}

}  // namespace

class LocationReasonsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LocationReasonsTest);
    CPPUNIT_TEST(specialPurposeSpaceIsExplained);
    CPPUNIT_TEST(reasonWithoutRfc);
    CPPUNIT_TEST(locatedAddressNeedsNoWords);
    CPPUNIT_TEST(publicSpaceNotInTheDatabaseSaysSo);
    CPPUNIT_TEST(noFactsNoChange);
    CPPUNIT_TEST_SUITE_END();

public:
    void specialPurposeSpaceIsExplained() {
        LookupReport r = unlocated("private", "RFC 1918");
        explainMissingLocation(r);
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.reasons.size());
        CPPUNIT_ASSERT_EQUAL(std::string("geolocation"), r.reasons[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("private address (RFC 1918): no geolocation"), r.reasons[0].second);
        CPPUNIT_ASSERT_EQUAL(std::string("network"), r.reasons[1].first);
        CPPUNIT_ASSERT_EQUAL(std::string("private address (RFC 1918): no network owner"), r.reasons[1].second);
        // Words only: the facts are as netdb gave them.
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), r.facts->rir);
        CPPUNIT_ASSERT_EQUAL(std::string("private"), r.facts->kind);
    }

    void reasonWithoutRfc() {
        LookupReport r = unlocated("reserved", std::nullopt);
        explainMissingLocation(r);
        CPPUNIT_ASSERT_EQUAL(std::string("reserved address: no geolocation"), r.reasons[0].second);
    }

    void locatedAddressNeedsNoWords() {
        for (const char* kind : {"public", "anycast"}) {
            LookupReport r;
            NetFacts f;
            f.kind = kind;
            f.city = "Somewhere", f.country = "NL", f.geo_accuracy = "approximate";
            f.asn = 64500;
            f.locatable = true;
            r.facts = f;
            explainMissingLocation(r);
            CPPUNIT_ASSERT(r.reasons.empty());
            CPPUNIT_ASSERT(r.facts->city && r.facts->asn);
        }
    }

    // README: a public address no location file holds says so; the network
    // reason only when no AS is known either (the AS tables are another file).
    void publicSpaceNotInTheDatabaseSaysSo() {
        LookupReport r = unlocated("public", std::nullopt);
        r.facts->not_locatable_reason = std::string(kNotInDatabase);
        explainMissingLocation(r);
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.reasons.size());
        CPPUNIT_ASSERT_EQUAL(std::string(kGeolocationReason), r.reasons[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("the address database has no location for this address"), r.reasons[0].second);
        CPPUNIT_ASSERT_EQUAL(std::string(kNetworkReason), r.reasons[1].first);
        CPPUNIT_ASSERT_EQUAL(std::string("the address database has no network owner for this address"),
                             r.reasons[1].second);

        LookupReport owned = unlocated("public", std::nullopt);
        owned.facts->not_locatable_reason = std::string(kNotInDatabase);
        owned.facts->asn = 64500;
        explainMissingLocation(owned);
        CPPUNIT_ASSERT_EQUAL(size_t(1), owned.reasons.size());
        CPPUNIT_ASSERT_EQUAL(std::string(kGeolocationReason), owned.reasons[0].first);
    }

    void noFactsNoChange() {
        LookupReport r;
        explainMissingLocation(r);
        CPPUNIT_ASSERT(r.reasons.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LocationReasonsTest);

}  // namespace ipfacts::lookup
