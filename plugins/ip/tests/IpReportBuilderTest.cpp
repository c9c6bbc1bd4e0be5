// The caller's report gathered from a fake host: facts, reasons, the
// connection, and the full=1 enrichment.
#include "IpReportBuilder.h"
#include "IpReportWriter.h"

#include <ipfacts/location.hpp>
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ip {
namespace {

std::optional<std::string> reason(const IpReport& r, const std::string& key) {
    for (const auto& [k, v] : r.reasons)
        if (k == key) return v;
    return std::nullopt;
}

NetFacts documentationFacts() {
    NetFacts f;
    f.version = 4;
    f.address = "203.0.113.7";
    f.kind = "public";
    f.country = "NL";
    f.asn = 64500;
    f.rir = "RIPE";
    return f;
}

// A meters facility whose every meter is spent until 2026-11-23T00:00:00Z.
std::string gMeterAsked;
ipf_status takeSpent(ipf_plugin_ctx*, const ipf_request*, ipf_str meter, int* allowed, int64_t* remaining,
                     int64_t* resets_at) {
    gMeterAsked.assign(meter.ptr, meter.len);
    *allowed = 0;
    if (remaining) *remaining = 0;
    if (resets_at) *resets_at = 1795392000;  // 2026-11-23T00:00:00Z
    return IPF_OK;
}
const ipf_meters_api kSpentMeters{sizeof(ipf_meters_api), takeSpent};

}  // namespace

class IpReportBuilderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(IpReportBuilderTest);
    CPPUNIT_TEST(takesFactsFromTheDatabase);
    CPPUNIT_TEST(withoutDatabaseEverythingIsNullWithReasons);
    CPPUNIT_TEST(databaseFailureIsAReason);
    CPPUNIT_TEST(specialPurposeCallerHasTheLookupsReasons);
    CPPUNIT_TEST(publicAddressNotInTheDatabaseSaysSo);
    CPPUNIT_TEST(versionOfAnIpv6CallerWithoutDatabase);
    CPPUNIT_TEST(connectionAndHeaders);
    CPPUNIT_TEST(baseReportMakesNoDnsCall);
    CPPUNIT_TEST(enrichmentAddsHostnameAndPrivacyReason);
    CPPUNIT_TEST(enrichmentWithoutPrivacyFacilitySaysSo);
    CPPUNIT_TEST(enrichmentCarriesFlagsEvidenceAndFlagReasons);
    CPPUNIT_TEST(enrichmentWithoutPtrSaysWhy);
    CPPUNIT_TEST(enrichmentPastTheDailyAllowanceSaysItIsSpent);
    CPPUNIT_TEST_SUITE_END();

public:
    void takesFactsFromTheDatabase() {
        testing::FakeHost fake;
        fake.netdb["203.0.113.7"] = documentationFacts();
        IpReport r = buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.7"), r.ip);
        CPPUNIT_ASSERT_EQUAL(std::string("NL"), std::string(r.facts.country().value()));
        CPPUNIT_ASSERT_EQUAL(int64_t(64500), r.facts.asn().value());
        CPPUNIT_ASSERT_EQUAL(1, fake.openFacts);  // read in place, held by the report
        CPPUNIT_ASSERT(r.reasons.empty());
        CPPUNIT_ASSERT(!r.hostname);
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-22T18:51:11Z"), std::string(r.stamp.checkedAt()));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.example"), std::string(r.stamp.source()));
        r = IpReport{};
        CPPUNIT_ASSERT_EQUAL(0, fake.openFacts);
    }

    // netdb withholds location and owner for special-purpose space; the report
    // says why in the lookup's words (ipfacts/location.hpp).
    void specialPurposeCallerHasTheLookupsReasons() {
        testing::FakeHost fake;
        NetFacts f;
        f.address = "203.0.113.7";
        f.kind = "loopback";
        f.rfc = "RFC 1122";
        f.rir = "IANA";
        f.geo_accuracy = "country-only";
        f.not_locatable_reason = "loopback";
        fake.netdb["203.0.113.7"] = f;
        IpReport r = buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT_EQUAL(std::string("loopback address (RFC 1122): no geolocation"),
                             reason(r, kGeolocationReason).value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("loopback address (RFC 1122): no network owner"),
                             reason(r, kNetworkReason).value_or(""));
        Reasons lookupWords;
        addNotLocatableReasons(lookupWords, f);  // what /api/v1/lookup adds for the same facts
        CPPUNIT_ASSERT_EQUAL(size_t(2), lookupWords.size());
        CPPUNIT_ASSERT_EQUAL(lookupWords[0].second, *reason(r, lookupWords[0].first));
        CPPUNIT_ASSERT_EQUAL(lookupWords[1].second, *reason(r, lookupWords[1].first));
    }

    void publicAddressNotInTheDatabaseSaysSo() {
        testing::FakeHost fake;
        NetFacts f = documentationFacts();
        f.country.reset();
        f.not_locatable_reason = std::string(kNotInDatabase);
        fake.netdb["203.0.113.7"] = f;
        const IpReport r = buildIpReport(fake.host(), fake.request());
        Reasons lookupWords;
        addNotLocatableReasons(lookupWords, f);  // what /api/v1/lookup adds for the same facts
        CPPUNIT_ASSERT(!lookupWords.empty());
        CPPUNIT_ASSERT_EQUAL(lookupWords.size(), r.reasons.size());
        for (const auto& [field, words] : lookupWords) CPPUNIT_ASSERT_EQUAL(words, *reason(r, field));
        CPPUNIT_ASSERT_EQUAL(std::string("the address database has no location for this address"),
                             reason(r, kGeolocationReason).value_or(""));
        f.locatable = true;  // placed: nothing to say
        f.not_locatable_reason.reset();
        fake.netdb["203.0.113.7"] = f;
        CPPUNIT_ASSERT(buildIpReport(fake.host(), fake.request()).reasons.empty());
    }

    void withoutDatabaseEverythingIsNullWithReasons() {
        testing::FakeHost fake;
        fake.hasNetDb = false;
        IpReport r = buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT(!r.facts.city() && !r.facts.country() && !r.facts.asn() && !r.facts.isp());
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), std::string(r.facts.rir()));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), std::string(r.facts.connection_type()));
        CPPUNIT_ASSERT_EQUAL(std::string("no address database is configured"), reason(r, "geolocation").value());
        CPPUNIT_ASSERT_EQUAL(std::string("no address database is configured"), reason(r, "network").value());
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.reasons.size());
    }

    void databaseFailureIsAReason() {
        testing::FakeHost fake;  // the database knows no address: its lookup fails
        IpReport r = buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT(reason(r, "geolocation"));
        CPPUNIT_ASSERT(reason(r, "network"));
    }

    void versionOfAnIpv6CallerWithoutDatabase() {
        testing::FakeHost fake;
        fake.hasNetDb = false;
        fake.clientAddress = "2001:db8::7";
        CPPUNIT_ASSERT_EQUAL(6, buildIpReport(fake.host(), fake.request()).version);
    }

    void connectionAndHeaders() {
        testing::FakeHost fake;
        fake.headers = {{"user-agent", "curl/8.5.0"}, {"Accept-Language", "nl"}};
        IpReport r = buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1"), r.network.protocol);
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), r.network.tls);
        CPPUNIT_ASSERT_EQUAL(int64_t(12345), r.network.rttUs);
        CPPUNIT_ASSERT_EQUAL(std::string("ams1"), r.network.edge);
        CPPUNIT_ASSERT_EQUAL(std::string("curl/8.5.0"), r.userAgent.value());
        CPPUNIT_ASSERT_EQUAL(std::string("nl"), r.acceptsLanguage.value());
        fake.headers.clear();
        r = buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT(!r.userAgent && !r.acceptsLanguage);
    }

    void baseReportMakesNoDnsCall() {
        testing::FakeHost fake;
        buildIpReport(fake.host(), fake.request());
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
    }

    void enrichmentAddsHostnameAndPrivacyReason() {
        testing::FakeHost fake;
        fake.netdb["203.0.113.7"] = documentationFacts();
        DnsAnswer a;
        a.rcode = 0;
        a.records = {{"7.113.0.203.in-addr.arpa.", "PTR", 60, "host.example.net."}};
        fake.dns["7.113.0.203.in-addr.arpa PTR"] = a;
        IpReport r = buildIpReport(fake.host(), fake.request());
        enrichIpReport(fake.host(), fake.request(), r);
        CPPUNIT_ASSERT_EQUAL(std::string("host.example.net"), r.hostname.value());
        CPPUNIT_ASSERT(!reason(r, "hostname"));
        CPPUNIT_ASSERT(r.privacy);
        CPPUNIT_ASSERT(r.privacy->vpn == std::optional<bool>(false));
        CPPUNIT_ASSERT(!reason(r, "privacy"));
    }

    void enrichmentWithoutPrivacyFacilitySaysSo() {
        testing::FakeHost fake;
        fake.hasPrivacy = false;
        IpReport r = buildIpReport(fake.host(), fake.request());
        enrichIpReport(fake.host(), fake.request(), r);
        CPPUNIT_ASSERT(!r.privacy);
        CPPUNIT_ASSERT_EQUAL(std::string("no privacy provider is configured"), reason(r, "privacy").value());
    }

    void enrichmentCarriesFlagsEvidenceAndFlagReasons() {
        testing::FakeHost fake;
        PrivacyFacts tor;
        tor.tor = true, tor.relay = false, tor.hosting = true;
        tor.evidence = {{"tor", true, "tor-exits", "203.0.113.7/32", "2026-11-22T18:00:00Z"},
                        {"hosting", true, "hosting-asns", "AS64500", "2026-11-01T00:00:00Z"}};
        tor.reasons = {{"vpn", "provider down: proxycheck: connection refused"},
                       {"proxy", "provider down: proxycheck: connection refused"}};
        fake.privacy.respond("203.0.113.7", tor);
        IpReport r = buildIpReport(fake.host(), fake.request());
        enrichIpReport(fake.host(), fake.request(), r);
        CPPUNIT_ASSERT_EQUAL(std::string("provider down: proxycheck: connection refused"),
                             reason(r, "privacy.vpn").value());
        const std::string body = writeIpReport(r);
        CPPUNIT_ASSERT_MESSAGE(body,
                               body.find(R"("privacy":{"vpn":null,"proxy":null,"tor":true,"relay":false,)"
                                         R"("hosting":true,"service":null,"evidence":[{"flag":"tor","value":true,)"
                                         R"("source":"tor-exits","match":"203.0.113.7/32",)"
                                         R"("data_date":"2026-11-22T18:00:00Z"},)") != std::string::npos);
        CPPUNIT_ASSERT(body.find(R"("privacy.vpn":"provider down: proxycheck: connection refused")") !=
                       std::string::npos);
    }

    void enrichmentWithoutPtrSaysWhy() {
        testing::FakeHost fake;
        DnsAnswer nx;
        nx.rcode = 3;
        fake.dns["7.113.0.203.in-addr.arpa PTR"] = nx;
        IpReport r = buildIpReport(fake.host(), fake.request());
        enrichIpReport(fake.host(), fake.request(), r);
        CPPUNIT_ASSERT(!r.hostname);
        CPPUNIT_ASSERT_EQUAL(std::string("no PTR record: NXDOMAIN (the reverse name does not exist)"),
                             reason(r, "hostname").value());
    }

    void enrichmentPastTheDailyAllowanceSaysItIsSpent() {
        testing::FakeHost fake;
        fake.netdb["203.0.113.7"] = documentationFacts();
        ipf_host_api api = *fake.api();
        api.meters = &kSpentMeters;
        const Host host(&api, fake.ctx());
        const Request req(&api, fake.requestHandle());
        IpReport r = buildIpReport(host, req);
        enrichIpReport(host, req, r);
        const std::string spent =
            "meter spent: the daily privacy allowance of the calling address is spent; it resets at "
            "2026-11-23T00:00:00Z";
        CPPUNIT_ASSERT(!r.hostname);
        CPPUNIT_ASSERT_EQUAL(spent, reason(r, "privacy").value());
        CPPUNIT_ASSERT_EQUAL(spent, reason(r, "hostname").value());
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);  // nothing asked past the allowance
        CPPUNIT_ASSERT(fake.privacy.asked.empty());
        CPPUNIT_ASSERT(!r.privacy);
        CPPUNIT_ASSERT_EQUAL(std::string("privacy"), gMeterAsked);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(IpReportBuilderTest);

}  // namespace ipfacts::ip
