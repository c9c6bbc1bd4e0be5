// The whole lookup against a fake host: statuses, tokens and bodies.
#include "TargetLookup.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::lookup {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// An answer from the fake resolver (192.0.2.53:53) with this response code.
DnsAnswer answer(int rcode, std::vector<DnsRecord> records = {}) {
    return testing::dnsAnswer(rcode, std::move(records));
}

// Facts as netdb answers them: a public address located in Amsterdam, any
// other kind not locatable for its kind, with nothing looked up.
NetFacts facts(const char* address, const char* kind, std::optional<std::string> rfc) {
    NetFacts f;
    f.address = address, f.kind = kind, f.rfc = std::move(rfc), f.description = "desc";
    f.routable = std::string(kind) == "public";
    f.version = std::string(address).find(':') == std::string::npos ? 4 : 6;
    if (std::string(kind) != "public") {
        f.geo_accuracy = "country-only", f.rir = "IANA", f.not_locatable_reason = kind;
        return f;
    }
    f.city = "Amsterdam", f.country = "NL", f.asn = 64500, f.geo_accuracy = "approximate", f.locatable = true;
    return f;
}

// A meters facility whose every meter is spent until 2026-11-23T00:00:00Z.
ipf_status takeSpent(ipf_plugin_ctx*, const ipf_request*, ipf_str, int* allowed, int64_t* remaining,
                     int64_t* resets_at) {
    *allowed = 0;
    if (remaining) *remaining = 0;
    if (resets_at) *resets_at = 1795392000;  // 2026-11-23T00:00:00Z
    return IPF_OK;
}
const ipf_meters_api kSpentMeters{sizeof(ipf_meters_api), takeSpent};

}  // namespace

class TargetLookupTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TargetLookupTest);
    CPPUNIT_TEST(addressLiteralUsesTheDatabaseOnly);
    CPPUNIT_TEST(privateAddressIsExplainedNotLocated);
    CPPUNIT_TEST(hostnameReportsTheFirstAddress);
    CPPUNIT_TEST(unknownNameIs404);
    CPPUNIT_TEST(resolverFailureIs503);
    CPPUNIT_TEST(noResolverIs503);
    CPPUNIT_TEST(badTargetIs400);
    CPPUNIT_TEST(badPrivacyIs400);
    CPPUNIT_TEST(privacyWithoutFacilityGivesAReason);
    CPPUNIT_TEST(privacyAskedGivesTheFlagsOfTheReportedAddress);
    CPPUNIT_TEST(noPrivacyAskedWithoutTheParameter);
    CPPUNIT_TEST(privacyPastTheDailyAllowanceSaysItIsSpent);
    CPPUNIT_TEST(partialResolutionIsNoted);
    CPPUNIT_TEST(failedPrivacyProvidersMakeTheAnswerTransient);
    CPPUNIT_TEST_SUITE_END();

public:
    void addressLiteralUsesTheDatabaseOnly() {
        testing::FakeHost fake;
        fake.netdb["2001:db8::7"] = facts("2001:db8::7", "public", std::nullopt);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "2001:DB8::7", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(200, out.status);
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
        CPPUNIT_ASSERT(
            contains(out.body, "{\"ip\":\"2001:db8::7\",\"version\":6,\"hostname\":null,\"city\":\"Amsterdam\""));
        CPPUNIT_ASSERT(contains(out.body, "\"addresses\":[\"2001:db8::7\"]"));
        CPPUNIT_ASSERT(!contains(out.body, "\"reasons\""));
    }

    void privateAddressIsExplainedNotLocated() {
        testing::FakeHost fake;
        fake.netdb["10.1.2.3"] = facts("10.1.2.3", "private", "RFC 1918");
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "10.1.2.3", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(200, out.status);
        CPPUNIT_ASSERT(contains(out.body, "\"city\":null,\"region\":null,\"region_code\":null,\"country\":null"));
        CPPUNIT_ASSERT(contains(out.body, "\"asn\":null"));
        CPPUNIT_ASSERT(contains(out.body, "\"geo_accuracy\":\"country-only\""));
        CPPUNIT_ASSERT(contains(out.body, "\"classification\":{\"kind\":\"private\",\"rfc\":\"RFC 1918\""));
        CPPUNIT_ASSERT(contains(out.body, "\"geolocation\":\"private address (RFC 1918): no geolocation\""));
    }

    void hostnameReportsTheFirstAddress() {
        testing::FakeHost fake;
        fake.dns["www.example.com A"] = answer(0, {{"www.example.com.", "A", 60, "198.51.100.7"}});
        fake.dns["www.example.com AAAA"] = answer(0, {{"www.example.com.", "AAAA", 60, "2001:db8::7"}});
        fake.netdb["198.51.100.7"] = facts("198.51.100.7", "public", std::nullopt);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "WWW.Example.com.", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(200, out.status);
        CPPUNIT_ASSERT_EQUAL(1, fake.resolveCalls);
        CPPUNIT_ASSERT(contains(out.body, "{\"ip\":\"198.51.100.7\",\"version\":4,\"hostname\":\"www.example.com\""));
        CPPUNIT_ASSERT(contains(out.body, "\"addresses\":[\"198.51.100.7\",\"2001:db8::7\"]"));
    }

    void unknownNameIs404() {
        testing::FakeHost fake;
        fake.dns["nope.example A"] = answer(3);
        fake.dns["nope.example AAAA"] = answer(3);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "nope.example", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(404, out.status);
        CPPUNIT_ASSERT_EQUAL(std::string("name_not_found"), out.token);
        CPPUNIT_ASSERT(out.body.empty());
    }

    void resolverFailureIs503() {
        testing::FakeHost fake;  // no canned answers: both questions time out
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "slow.example", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(503, out.status);
        CPPUNIT_ASSERT_EQUAL(std::string("resolver_unavailable"), out.token);
        CPPUNIT_ASSERT(contains(out.message, "timeout"));
    }

    void noResolverIs503() {
        testing::FakeHost fake;
        fake.hasResolver = false;
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "example.com", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(503, out.status);
        CPPUNIT_ASSERT_EQUAL(std::string("resolver_unavailable"), out.token);
    }

    void badTargetIs400() {
        testing::FakeHost fake;
        for (std::string_view t : {"", "fe80::1%eth0", "300.1.1.1", "a_b.example", "localhost"}) {
            LookupOutcome out = lookUpTarget(fake.host(), fake.request(), t, Flag::Absent);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::string(t), 400, out.status);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_target"), out.token);
        }
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
    }

    void badPrivacyIs400() {
        testing::FakeHost fake;
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Invalid);
        CPPUNIT_ASSERT_EQUAL(400, out.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), out.token);
    }

    void privacyWithoutFacilityGivesAReason() {
        testing::FakeHost fake;
        fake.hasPrivacy = false;
        fake.netdb["192.0.2.1"] = facts("192.0.2.1", "public", std::nullopt);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Set);
        CPPUNIT_ASSERT(contains(out.body, "\"privacy\":null"));
        CPPUNIT_ASSERT(contains(out.body, "\"reasons\":{\"privacy\":\"no privacy provider is configured\"}"));
    }

    void privacyAskedGivesTheFlagsOfTheReportedAddress() {
        testing::FakeHost fake;
        fake.netdb["192.0.2.1"] = facts("192.0.2.1", "public", std::nullopt);
        PrivacyFacts relay;
        relay.vpn = false, relay.proxy = false, relay.tor = false, relay.relay = true, relay.hosting = false;
        relay.service = "iCloud Private Relay";
        relay.evidence = {{"relay", true, "icloud-private-relay", "192.0.2.0/27", "2026-11-20T00:00:00Z"}};
        fake.privacy.respond("192.0.2.1", relay);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Set);
        CPPUNIT_ASSERT_MESSAGE(out.body, contains(out.body,
                                                  "\"privacy\":{\"vpn\":false,\"proxy\":false,\"tor\":false,"
                                                  "\"relay\":true,\"hosting\":false,\"service\":\"iCloud "
                                                  "Private Relay\",\"evidence\":[{\"flag\":\"relay\""));
        CPPUNIT_ASSERT(!contains(out.body, "\"reasons\""));
        CPPUNIT_ASSERT_EQUAL(0, fake.privacy.open());
    }

    void noPrivacyAskedWithoutTheParameter() {
        testing::FakeHost fake;
        fake.netdb["192.0.2.1"] = facts("192.0.2.1", "public", std::nullopt);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Absent);
        CPPUNIT_ASSERT(contains(out.body, "\"privacy\":null"));
        CPPUNIT_ASSERT(fake.privacy.asked.empty());
    }

    void privacyPastTheDailyAllowanceSaysItIsSpent() {
        testing::FakeHost fake;
        fake.netdb["192.0.2.1"] = facts("192.0.2.1", "public", std::nullopt);
        ipf_host_api api = *fake.api();
        api.meters = &kSpentMeters;
        LookupOutcome out =
            lookUpTarget(Host(&api, fake.ctx()), Request(&api, fake.requestHandle()), "192.0.2.1", Flag::Set);
        CPPUNIT_ASSERT(contains(out.body, "\"privacy\":null"));
        CPPUNIT_ASSERT_MESSAGE(out.body,
                               contains(out.body,
                                        "\"reasons\":{\"privacy\":\"meter spent: the daily privacy allowance of "
                                        "the calling address is spent; it resets at "
                                        "2026-11-23T00:00:00Z\"}"));
    }

    void partialResolutionIsNoted() {
        testing::FakeHost fake;
        fake.dns["v4only.example A"] = answer(0, {{"v4only.example.", "A", 60, "198.51.100.9"}});
        fake.netdb["198.51.100.9"] = facts("198.51.100.9", "public", std::nullopt);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "v4only.example", Flag::Absent);
        CPPUNIT_ASSERT_EQUAL(200, out.status);
        CPPUNIT_ASSERT(contains(out.body,
                                "\"addresses\":\"the AAAA query failed: timeout (the DNS resolver did not "
                                "answer in time); only the addresses found are listed\""));
        CPPUNIT_ASSERT(out.transient);  // the AAAA half failed: no cache may keep the answer
        fake.dns["both.example A"] = answer(0, {{"both.example.", "A", 60, "198.51.100.9"}});
        fake.dns["both.example AAAA"] = answer(0);
        CPPUNIT_ASSERT(!lookUpTarget(fake.host(), fake.request(), "both.example", Flag::Absent).transient);
    }

    // The privacy facility could not be asked, or answered with a flag unknown
    // because its provider is down: transient. Flags all known, no facility at
    // all, or the caller's spent allowance are not failures.
    void failedPrivacyProvidersMakeTheAnswerTransient() {
        testing::FakeHost fake;
        fake.netdb["192.0.2.1"] = facts("192.0.2.1", "public", std::nullopt);
        PrivacyFacts known;
        known.vpn = false, known.proxy = false, known.tor = false, known.relay = false, known.hosting = false;
        fake.privacy.respond("192.0.2.1", known);
        CPPUNIT_ASSERT(!lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Set).transient);
        PrivacyFacts down = known;
        down.vpn.reset();
        down.reasons = {{"vpn", "provider down: proxycheck: timeout after 2000 ms"}};
        fake.privacy.respond("192.0.2.1", down);
        LookupOutcome out = lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Set);
        CPPUNIT_ASSERT_EQUAL(200, out.status);
        CPPUNIT_ASSERT(out.transient);
        fake.privacy.fails = true;
        CPPUNIT_ASSERT(lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Set).transient);
        CPPUNIT_ASSERT(!lookUpTarget(fake.host(), fake.request(), "192.0.2.1", Flag::Absent).transient);
        testing::FakeHost none;
        none.hasPrivacy = false;
        none.netdb["192.0.2.1"] = facts("192.0.2.1", "public", std::nullopt);
        CPPUNIT_ASSERT(!lookUpTarget(none.host(), none.request(), "192.0.2.1", Flag::Set).transient);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TargetLookupTest);

}  // namespace ipfacts::lookup
