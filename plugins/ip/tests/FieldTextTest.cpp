// The per-field text paths (/country, /asn, /loc, ...) through the plugin's
// own descriptor: each value exactly as /json writes it, then "\n"; a null
// field is an empty line, 404 and the reason in X-Null-Reason.
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstdint>
#include <string>

extern "C" const ipf_plugin_descriptor* ipfacts_plugin_v1(void);

namespace ipfacts::ip {
namespace {

using testing::FakeHost;
using testing::LoadedPlugin;

const char* const kFieldHandlers[] = {"country", "country_name", "city",     "region", "asn",
                                      "as_name", "loc",          "timezone", "isp",    "rir"};

NetFacts mountainView() {
    NetFacts f;
    f.address = "203.0.113.7";
    f.kind = "public";
    f.country = "US";
    f.country_name = "United States";
    f.city = "Mountain View";
    f.region = "California";
    f.latitude = 37.405602;
    f.longitude = -122.0775;
    f.timezone = "America/Los_Angeles";
    f.asn = 15169;
    f.as_name = "Google LLC";
    f.isp = "Google LLC";
    f.rir = "ARIN";
    f.locatable = true;
    f.geo_accuracy = "approximate";
    return f;
}

std::string headerOf(const FakeHost& fake, const std::string& name) {
    for (const auto& [n, v] : fake.written.headers)
        if (n == name) return v;
    return "";
}

}  // namespace

class FieldTextTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FieldTextTest);
    CPPUNIT_TEST(everyFieldHandlerIsNonblocking);
    CPPUNIT_TEST(valuesAreTheReportsWithANewline);
    CPPUNIT_TEST(nullIsAnEmptyLine404WithTheReason);
    CPPUNIT_TEST(specialPurposeAddressSaysWhy);
    CPPUNIT_TEST(noDatabaseSaysWhy);
    CPPUNIT_TEST(aNewlineInDataStaysOneLine);
    CPPUNIT_TEST(eachFieldAsksForItsOneGroupOfFacts);
    CPPUNIT_TEST(notInDatabaseReasonNeedsNoOtherGroup);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyFieldHandlerIsNonblocking() {
        FakeHost fake;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        for (const char* h : kFieldHandlers)
            CPPUNIT_ASSERT_MESSAGE(h, plugin.handler(h).flags & IPF_HANDLER_NONBLOCKING);
    }

    void valuesAreTheReportsWithANewline() {
        const std::pair<const char*, const char*> want[] = {{"country", "US\n"},
                                                            {"country_name", "United States\n"},
                                                            {"city", "Mountain View\n"},
                                                            {"region", "California\n"},
                                                            {"asn", "15169\n"},
                                                            {"as_name", "Google LLC\n"},
                                                            {"loc", "37.4056,-122.0775\n"},
                                                            {"timezone", "America/Los_Angeles\n"},
                                                            {"isp", "Google LLC\n"},
                                                            {"rir", "ARIN\n"}};
        for (const auto& [handler, body] : want) {
            FakeHost fake;
            fake.netdb["203.0.113.7"] = mountainView();
            LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call(handler));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(handler, std::string(body), fake.written.body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(handler, std::string("text/plain; charset=utf-8"), fake.written.contentType);
            CPPUNIT_ASSERT_MESSAGE(handler, fake.written.status == 0 || fake.written.status == 200);
            CPPUNIT_ASSERT_EQUAL(1, fake.netdbCalls);
        }
    }

    void nullIsAnEmptyLine404WithTheReason() {
        FakeHost fake;
        NetFacts f = mountainView();
        f.city.reset();
        fake.netdb["203.0.113.7"] = f;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("city"));
        CPPUNIT_ASSERT_EQUAL(404, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("\n"), fake.written.body);
        CPPUNIT_ASSERT_EQUAL(std::string("the address database has no city for this address"),
                             headerOf(fake, "X-Null-Reason"));
    }

    void specialPurposeAddressSaysWhy() {
        FakeHost fake;
        fake.clientAddress = "10.1.2.3";
        NetFacts f;
        f.address = "10.1.2.3";
        f.kind = "private";
        f.rfc = "RFC 1918";
        f.not_locatable_reason = "private";
        fake.netdb["10.1.2.3"] = f;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("country"));
        CPPUNIT_ASSERT_EQUAL(404, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("private address (RFC 1918): no geolocation"),
                             headerOf(fake, "X-Null-Reason"));
        FakeHost fake2;
        fake2.clientAddress = "10.1.2.3";
        fake2.netdb["10.1.2.3"] = f;
        LoadedPlugin plugin2(fake2, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin2.call("asn"));
        CPPUNIT_ASSERT_EQUAL(std::string("private address (RFC 1918): no network owner"),
                             headerOf(fake2, "X-Null-Reason"));
    }

    void noDatabaseSaysWhy() {
        FakeHost fake;
        fake.hasNetDb = false;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("timezone"));
        CPPUNIT_ASSERT_EQUAL(404, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("no address database is configured"), headerOf(fake, "X-Null-Reason"));
    }

    void aNewlineInDataStaysOneLine() {
        FakeHost fake;
        NetFacts f = mountainView();
        f.as_name = "Evil\nCorp";
        fake.netdb["203.0.113.7"] = f;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("as_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Evil Corp\n"), fake.written.body);
    }

    // A per-field path pays for the facts it answers from only (ABI 1.6
    // lookup_wanted). The fake answers by ipfacts::onlyWanted, so the values
    // above being right also proves each group asked for is enough.
    void eachFieldAsksForItsOneGroupOfFacts() {
        const std::pair<const char*, uint32_t> want[] = {
            {"country", IPF_NETDB_WANT_LOCATION}, {"country_name", IPF_NETDB_WANT_LOCATION},
            {"city", IPF_NETDB_WANT_LOCATION},    {"region", IPF_NETDB_WANT_LOCATION},
            {"loc", IPF_NETDB_WANT_LOCATION},     {"timezone", IPF_NETDB_WANT_LOCATION},
            {"asn", IPF_NETDB_WANT_NETWORK},      {"as_name", IPF_NETDB_WANT_NETWORK},
            {"isp", IPF_NETDB_WANT_NETWORK},      {"rir", IPF_NETDB_WANT_RIR}};
        for (const auto& [handler, wanted] : want) {
            FakeHost fake;
            fake.netdb["203.0.113.7"] = mountainView();
            LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call(handler));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(handler, size_t(1), fake.netdbWantedAsked.size());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(handler, wanted, fake.netdbWantedAsked[0]);
        }
        // /json and /ip.md read every group: they still make the full look-up.
        for (const char* handler : {"report", "markdown"}) {
            FakeHost fake;
            fake.netdb["203.0.113.7"] = mountainView();
            LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call(handler));
            CPPUNIT_ASSERT_MESSAGE(handler, fake.netdbWantedAsked.empty());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(handler, 1, fake.netdbCalls);
        }
    }

    // Public space the database does not hold: the reason is the generic one
    // whichever group was looked up (the location group's "not in database"
    // is not a special-purpose reason).
    void notInDatabaseReasonNeedsNoOtherGroup() {
        NetFacts f;
        f.address = "203.0.113.7";
        f.kind = "public";
        f.not_locatable_reason = "not in database";
        f.geo_accuracy = "country-only";
        for (const char* handler : {"country", "asn", "loc"}) {
            FakeHost fake;
            fake.netdb["203.0.113.7"] = f;
            LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call(handler));
            CPPUNIT_ASSERT_EQUAL(404, fake.written.status);
            CPPUNIT_ASSERT_EQUAL(std::string("the address database has no ") + handler + " for this address",
                                 headerOf(fake, "X-Null-Reason"));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FieldTextTest);

}  // namespace ipfacts::ip
