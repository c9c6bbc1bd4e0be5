#include "host/facilities/netdb/NetDb.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <ipfacts/netdb_wanted.hpp>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>
#include <thread>

using namespace ipfacts::facilities;
using namespace ipfacts::testing::netdb;
using ipfacts::NetFacts;
using ipfacts::net::IpAddress;

namespace {

NetDbConfig fixtureConfig() {
    NetDbConfig c;
    c.city_mmdb = {dataFixture("city-reduced-v4.mmdb"), dataFixture("city-reduced-v6.mmdb")};
    c.asn_csv = {dataFixture("asn-ipv4.csv"), dataFixture("asn-ipv6.csv")};
    c.special_purpose = etcFile("special-purpose.yaml");
    c.rir = etcFile("rir.yaml");
    c.continents = etcFile("continents.yaml");
    c.connection_types = etcFile("connection-types.yaml");
    c.country_names = kCountryNames;
    return c;
}

std::string orNone(const std::optional<std::string>& s) { return s.value_or("(none)"); }

// 2026-11-22T19:05:00Z
const auto kNow = std::chrono::system_clock::time_point(std::chrono::seconds(1795374300));

/// Every geolocation and network field is unknown; not locatable because
/// `reason`, and geo_accuracy still set (the field is never null).
void assertNoGuess(const NetFacts& f, const std::string& reason) {
    const std::string a = f.address;
    for (const auto* s : {&f.city, &f.region, &f.region_code, &f.country, &f.country_name, &f.continent, &f.postal,
                          &f.timezone, &f.local_time, &f.as_name, &f.as_domain, &f.isp})
        CPPUNIT_ASSERT_MESSAGE(a, !*s);
    CPPUNIT_ASSERT_MESSAGE(a, !f.latitude && !f.longitude && !f.asn);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(a, std::string("unknown"), f.connection_type);
    CPPUNIT_ASSERT_MESSAGE(a, !f.locatable);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(a, reason, orNone(f.not_locatable_reason));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(a, std::string("country-only"), orNone(f.geo_accuracy));
}

/// A location was found: locatable, no reason, and this accuracy.
void assertLocated(const NetFacts& f, const std::string& accuracy) {
    CPPUNIT_ASSERT_MESSAGE(f.address, f.locatable);
    CPPUNIT_ASSERT_MESSAGE(f.address, !f.not_locatable_reason);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(f.address, accuracy, orNone(f.geo_accuracy));
}

// Every member of NetFacts as text, by the SDK's field list (ipfacts/fields.h),
// so a member appended later is compared too.
#define SHOWN_SIZE(n, a)
#define SHOWN_PRESENCE(n, a)
#define SHOWN_RESERVED(n, a)
#define SHOWN_TEXT(n, a) out += #n "=" + f.n + ";";
#define SHOWN_TEXT_OR(n, a) SHOWN_TEXT(n, a)
#define SHOWN_OPT_TEXT(n, a) out += #n "=" + orNone(f.n) + ";";
#define SHOWN_INT(n, a) out += #n "=" + std::to_string(f.n) + ";";
#define SHOWN_FLAG(n, a) SHOWN_INT(n, a)
#define SHOWN_OPT_INT(n, a) out += #n "=" + (f.n ? std::to_string(*f.n) : std::string("(none)")) + ";";
#define SHOWN_OPT_REAL(n, a) out += #n "=" + (f.n ? exactly(*f.n) : std::string("(none)")) + ";";
#define SHOWN(kind, n, a) SHOWN_##kind(n, a)

std::string exactly(double d) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    return buf;
}

std::string shown(const NetFacts& f) {
    std::string out;
    IPF_NETDB_FACTS_FIELDS(SHOWN)
    return out;
}

}  // namespace

class NetDbTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NetDbTest);
    CPPUNIT_TEST(publicAddressWithCity);
    CPPUNIT_TEST(countryOnlyRecord);
    CPPUNIT_TEST(addressWithoutAnyData);
    CPPUNIT_TEST(ipv6CityAndNames);
    CPPUNIT_TEST(specialAddressesGetNoGuess);
    CPPUNIT_TEST(mappedAddresses);
    CPPUNIT_TEST(geoip2LayoutThroughNetDb);
    CPPUNIT_TEST(optionalFilesMayBeLeftOut);
    CPPUNIT_TEST(classifiesByTheSharedRegistry);
    CPPUNIT_TEST(missingFilesStopTheLoad);
    CPPUNIT_TEST(concurrentLookupsAgree);
    CPPUNIT_TEST(lookupOfSomeGroupsIsPartOfTheFullOne);
    CPPUNIT_TEST_SUITE_END();

    NetDb db{fixtureConfig()};

    NetFacts lookup(const char* address) { return db.lookup(*IpAddress::parse(address), kNow); }

public:
    void publicAddressWithCity() {
        const NetFacts f = lookup("8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(4, f.version);
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8"), f.address);
        CPPUNIT_ASSERT_EQUAL(std::string("public"), f.kind);
        CPPUNIT_ASSERT(!f.rfc);
        CPPUNIT_ASSERT_EQUAL(std::string("Globally routable unicast address"), f.description);
        CPPUNIT_ASSERT(f.routable);
        CPPUNIT_ASSERT_EQUAL(std::string("Mountain View"), orNone(f.city));
        CPPUNIT_ASSERT_EQUAL(std::string("California"), orNone(f.region));
        CPPUNIT_ASSERT(!f.region_code);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), orNone(f.country));
        CPPUNIT_ASSERT_EQUAL(std::string("United States"), orNone(f.country_name));
        CPPUNIT_ASSERT_EQUAL(std::string("NA"), orNone(f.continent));
        CPPUNIT_ASSERT_EQUAL(std::string("94043"), orNone(f.postal));
        CPPUNIT_ASSERT(f.latitude && std::fabs(*f.latitude - 37.4056) < 1e-4);
        CPPUNIT_ASSERT(f.longitude && std::fabs(*f.longitude + 122.0775) < 1e-4);
        CPPUNIT_ASSERT_EQUAL(std::string("America/Los_Angeles"), orNone(f.timezone));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-22T11:05:00-08:00"), orNone(f.local_time));
        assertLocated(f, "approximate");
        CPPUNIT_ASSERT_EQUAL(int64_t(15169), f.asn.value_or(-1));
        CPPUNIT_ASSERT_EQUAL(std::string("Google LLC"), orNone(f.as_name));
        CPPUNIT_ASSERT_EQUAL(std::string("Google LLC"), orNone(f.isp));
        CPPUNIT_ASSERT(!f.as_domain);  // the ASN data has no domains
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), f.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), f.connection_type);
    }

    void countryOnlyRecord() {
        const NetFacts f = lookup("1.1.1.1");
        CPPUNIT_ASSERT_EQUAL(std::string("AU"), orNone(f.country));
        CPPUNIT_ASSERT_EQUAL(std::string("Australia"), orNone(f.country_name));
        CPPUNIT_ASSERT_EQUAL(std::string("OC"), orNone(f.continent));
        CPPUNIT_ASSERT(!f.city && !f.region && !f.postal);
        assertLocated(f, "country-only");
        CPPUNIT_ASSERT(f.latitude.has_value());  // the country's centroid
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-23T06:05:00+11:00"), orNone(f.local_time));
        CPPUNIT_ASSERT_EQUAL(std::string("Cloudflare, Inc."), orNone(f.as_name));
        CPPUNIT_ASSERT_EQUAL(std::string("APNIC"), f.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), f.connection_type);
    }

    void addressWithoutAnyData() {
        const NetFacts f = lookup("9.9.9.9");
        CPPUNIT_ASSERT_EQUAL(std::string("public"), f.kind);
        assertNoGuess(f, "not in database");
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), f.rir);  // from the /8 table alone
        // An AS but no location; and an AS whose name no rule knows.
        const NetFacts g = lookup("81.2.69.200");
        CPPUNIT_ASSERT_EQUAL(std::string("London"), orNone(g.city));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), g.connection_type);
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), g.rir);
        const NetFacts h = lookup("104.131.0.1");
        CPPUNIT_ASSERT(!h.country && !h.locatable);
        CPPUNIT_ASSERT_EQUAL(std::string("not in database"), orNone(h.not_locatable_reason));
        CPPUNIT_ASSERT_EQUAL(std::string("country-only"), orNone(h.geo_accuracy));
        CPPUNIT_ASSERT_EQUAL(int64_t(14061), h.asn.value_or(-1));
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), h.connection_type);
    }

    void ipv6CityAndNames() {
        const NetFacts f = lookup("2a02:2e0::1");
        CPPUNIT_ASSERT_EQUAL(6, f.version);
        CPPUNIT_ASSERT_EQUAL(std::string("Berlin"), orNone(f.city));
        CPPUNIT_ASSERT_EQUAL(std::string("State of Berlin"), orNone(f.region));
        CPPUNIT_ASSERT_EQUAL(std::string("Germany"), orNone(f.country_name));
        CPPUNIT_ASSERT_EQUAL(std::string("EU"), orNone(f.continent));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-22T20:05:00+01:00"), orNone(f.local_time));
        CPPUNIT_ASSERT_EQUAL(std::string("Plus.line AG"), orNone(f.as_name));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), f.rir);
        const NetFacts u = lookup("2001:43fc:a000::1");
        CPPUNIT_ASSERT_EQUAL(std::string("education"), u.connection_type);
        CPPUNIT_ASSERT_EQUAL(std::string("AFRINIC"), u.rir);
        const NetFacts g = lookup("2001:4860:4860::8888");
        CPPUNIT_ASSERT_EQUAL(std::string("2001:4860:4860::8888"), g.address);
        assertLocated(g, "country-only");
    }

    void specialAddressesGetNoGuess() {
        for (const char* a : {"192.0.2.1", "10.0.0.1", "100.64.0.1", "127.0.0.1", "224.0.0.1", "255.255.255.255",
                              "2001:db8::1", "fe80::1", "fc00::1", "::1", "::", "2001::1", "64:ff9b::808:808"}) {
            const NetFacts f = lookup(a);
            CPPUNIT_ASSERT_MESSAGE(a, f.kind != "public");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(a, std::string("IANA"), f.rir);
            assertNoGuess(f, f.kind);  // the reason is the block's kind
        }
        const NetFacts doc = lookup("192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("documentation"), doc.kind);
        CPPUNIT_ASSERT_EQUAL(std::string("RFC 5737"), orNone(doc.rfc));
        CPPUNIT_ASSERT(!doc.routable);
        // 2001::/32 (Teredo) is in the ASN fixture (Hurricane Electric), but no guess is made.
        CPPUNIT_ASSERT_EQUAL(std::string("translation"), lookup("2001::1").kind);
        // Anycast is geolocated like public space, but its RIR is IANA.
        const NetFacts any = lookup("192.0.0.9");
        CPPUNIT_ASSERT_EQUAL(std::string("anycast"), any.kind);
        CPPUNIT_ASSERT(any.routable);
        CPPUNIT_ASSERT_EQUAL(std::string("IANA"), any.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("not in database"), orNone(any.not_locatable_reason));
    }

    void mappedAddresses() {
        const NetFacts f = lookup("::ffff:10.0.0.1");
        CPPUNIT_ASSERT_EQUAL(6, f.version);
        CPPUNIT_ASSERT_EQUAL(std::string("private"), f.kind);
        CPPUNIT_ASSERT_EQUAL(std::string("RFC 1918"), orNone(f.rfc));
        CPPUNIT_ASSERT_EQUAL(std::string("IPv4-mapped address of 10.0.0.1: Private-Use"), f.description);
        CPPUNIT_ASSERT(!f.routable);
        assertNoGuess(f, "private");
        const NetFacts g = lookup("::ffff:8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(std::string("ipv4-mapped"), g.kind);
        CPPUNIT_ASSERT_EQUAL(std::string("IPv4-mapped address of 8.8.8.8: Globally routable unicast address"),
                             g.description);
        assertNoGuess(g, "ipv4-mapped");
    }

    void geoip2LayoutThroughNetDb() {
        NetDbConfig c = fixtureConfig();
        c.city_mmdb = {dataFixture("city-geoip2.mmdb")};
        NetDb geo(c);
        const NetFacts f = geo.lookup(*IpAddress::parse("89.160.20.113"), kNow);
        CPPUNIT_ASSERT_EQUAL(std::string("Linköping"), orNone(f.city));
        CPPUNIT_ASSERT_EQUAL(std::string("Östergötland County"), orNone(f.region));
        CPPUNIT_ASSERT_EQUAL(std::string("E"), orNone(f.region_code));
        CPPUNIT_ASSERT_EQUAL(std::string("SE"), orNone(f.country));
        CPPUNIT_ASSERT_EQUAL(std::string("Sweden"), orNone(f.country_name));
        CPPUNIT_ASSERT_EQUAL(std::string("EU"), orNone(f.continent));
        CPPUNIT_ASSERT(!f.postal);
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-22T20:05:00+01:00"), orNone(f.local_time));
        assertLocated(f, "approximate");
        const NetFacts w = geo.lookup(*IpAddress::parse("216.160.83.60"), kNow);
        CPPUNIT_ASSERT_EQUAL(std::string("WA"), orNone(w.region_code));
        CPPUNIT_ASSERT_EQUAL(std::string("98354"), orNone(w.postal));
        // The files are tried in order: the reduced IPv4 file first, then the GeoIP2 one.
        c.city_mmdb = {dataFixture("city-reduced-v4.mmdb"), dataFixture("city-geoip2.mmdb")};
        NetDb both(c);
        CPPUNIT_ASSERT(!both.lookup(*IpAddress::parse("89.160.20.113"), kNow).region_code);
        CPPUNIT_ASSERT_EQUAL(std::string("Milton"), orNone(both.lookup(*IpAddress::parse("216.160.83.60"), kNow).city));
    }

    void optionalFilesMayBeLeftOut() {
        NetDbConfig c;
        c.special_purpose = etcFile("special-purpose.yaml");
        NetDb bare(c);
        const NetFacts f = bare.lookup(*IpAddress::parse("8.8.8.8"), kNow);
        CPPUNIT_ASSERT_EQUAL(std::string("public"), f.kind);
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), f.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), f.connection_type);
        assertNoGuess(f, "not in database");  // no location database at all
        CPPUNIT_ASSERT_EQUAL(size_t(0), bare.stats().asn_ranges);

        // With ASNs but neither country names nor continents: the codes remain.
        c = fixtureConfig();
        c.country_names.clear();
        c.continents.clear();
        NetDb partial(c);
        const NetFacts g = partial.lookup(*IpAddress::parse("8.8.8.8"), kNow);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), orNone(g.country));
        CPPUNIT_ASSERT(!g.country_name && !g.continent);
    }

    // The daemon reads the registry once and hands it to netdb (and the guard):
    // netdb then needs no file of its own, and a reload keeps the same one.
    void classifiesByTheSharedRegistry() {
        auto registry = std::make_shared<const netdb::SpecialPurposeRegistry>(etcFile("special-purpose.yaml"));
        NetDbConfig c = fixtureConfig();
        c.special_purpose.clear();
        c.registry = registry;
        NetDb shared(c);
        const long users = registry.use_count();
        CPPUNIT_ASSERT(users >= 2);  // held by netdb, not copied
        CPPUNIT_ASSERT_EQUAL(std::string("documentation"), shared.lookup(*IpAddress::parse("192.0.2.1"), kNow).kind);
        CPPUNIT_ASSERT_EQUAL(std::string("Mountain View"),
                             orNone(shared.lookup(*IpAddress::parse("8.8.8.8"), kNow).city));
        NetDb second(c);
        CPPUNIT_ASSERT_EQUAL(users + 1, registry.use_count());
    }

    void missingFilesStopTheLoad() {
        NetDbConfig c = fixtureConfig();
        c.asn_csv.push_back("/nonexistent/asn-extra.csv");
        CPPUNIT_ASSERT(errorOf([&] { NetDb d(c); }).find("/nonexistent/asn-extra.csv") == 0);
        c = fixtureConfig();
        c.city_mmdb = {"/nonexistent/city.mmdb"};
        CPPUNIT_ASSERT(errorOf([&] { NetDb d(c); }).find("/nonexistent/city.mmdb") == 0);
        c = fixtureConfig();
        c.rir = "/nonexistent/rir.yaml";
        CPPUNIT_ASSERT_EQUAL(std::string("/nonexistent/rir.yaml: cannot open"), errorOf([&] { NetDb d(c); }));
        c = fixtureConfig();
        c.special_purpose.clear();
        CPPUNIT_ASSERT(errorOf([&] { NetDb d(c); }).find("special_purpose") != std::string::npos);
        // Not an mmdb of either layout: an ASN CSV named as a city file.
        c = fixtureConfig();
        c.city_mmdb = {dataFixture("asn-ipv4.csv")};
        CPPUNIT_ASSERT(errorOf([&] { NetDb d(c); }).find(dataFixture("asn-ipv4.csv")) == 0);
    }

    void concurrentLookupsAgree() {
        const char* addresses[] = {"8.8.8.8", "1.1.1.1", "2a02:2e0::1", "::ffff:10.0.0.1", "9.9.9.9", "192.0.2.1"};
        std::vector<std::string> expected;
        for (const char* a : addresses) expected.push_back(orNone(lookup(a).local_time) + lookup(a).connection_type);
        std::vector<std::thread> threads;
        std::atomic<int> mismatches{0};
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&] {
                for (int i = 0; i < 2000; ++i) {
                    const size_t k = static_cast<size_t>(i) % std::size(addresses);
                    const NetFacts f = db.lookup(*IpAddress::parse(addresses[k]), kNow);
                    if (orNone(f.local_time) + f.connection_type != expected[k]) ++mismatches;
                }
            });
        for (auto& t : threads) t.join();
        CPPUNIT_ASSERT_EQUAL(0, mismatches.load());
        const auto s = db.stats();
        CPPUNIT_ASSERT_EQUAL(size_t(12), s.asn_ranges);
        CPPUNIT_ASSERT(s.asn_bytes > 0 && s.load_ms > 0 && s.asn_load_ms <= s.load_ms);
    }

    // ABI 1.6 lookup_wanted: a look-up of some groups gives exactly the full
    // look-up's facts of those groups and leaves the rest unknown
    // (ipfacts::onlyWanted), for every combination of groups, over both mmdb
    // layouts, IPv4 and IPv6, located, country-only, absent, mapped and
    // special-purpose addresses, and an RIR that follows the AS.
    void lookupOfSomeGroupsIsPartOfTheFullOne() {
        NetDbConfig c = fixtureConfig();
        c.city_mmdb.push_back(dataFixture("city-geoip2.mmdb"));
        NetDb all(c);
        const char* addresses[] = {"8.8.8.8",
                                   "1.1.1.1",
                                   "9.9.9.9",
                                   "81.2.69.200",
                                   "104.131.0.1",
                                   "89.160.20.113",
                                   "216.160.83.60",
                                   "2001:43fc:a000::1",
                                   "2001:4860:4860::8888",
                                   "2a02:2e0::1",
                                   "::ffff:8.8.8.8",
                                   "::ffff:10.0.0.1",
                                   "192.0.0.9",
                                   "192.0.2.1",
                                   "10.0.0.1",
                                   "127.0.0.1",
                                   "2001::1",
                                   "fe80::1",
                                   "::",
                                   "203.0.114.1"};
        int located = 0, networked = 0;
        for (const char* a : addresses) {
            const NetFacts full = assertEveryWantedIsPartOf(all, a);
            located += full.locatable;
            networked += full.asn.has_value();
        }
        // The addresses above do exercise what is left out.
        CPPUNIT_ASSERT(located >= 5 && networked >= 5);
        const NetFacts country = all.lookup(*IpAddress::parse("8.8.8.8"), kNow, IPF_NETDB_WANT_LOCATION);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), orNone(country.country));
        CPPUNIT_ASSERT(!country.asn && !country.local_time);
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), country.rir);
        const NetFacts network = all.lookup(*IpAddress::parse("8.8.8.8"), kNow, IPF_NETDB_WANT_NETWORK);
        CPPUNIT_ASSERT(network.asn && !network.country && !network.geo_accuracy && !network.not_locatable_reason);

        // Where IANA's tables name no registry the AS does: the RIR group alone
        // still reads the ASN table.
        ScratchFile rir(
            "ipv4:\n  - { prefix: 8.0.0.0/8, rir: IANA }\nasn:\n  - { first: 15000, last: 15999, rir: ARIN }\n");
        c.rir = rir.path();
        NetDb by_as(c);
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), assertEveryWantedIsPartOf(by_as, "8.8.8.8").rir);
    }

    /// The full facts of `address`, after checking that every look-up of some
    /// groups of it is onlyWanted of them.
    static NetFacts assertEveryWantedIsPartOf(const NetDb& db, const char* address) {
        const IpAddress ip = *IpAddress::parse(address);
        const NetFacts full = db.lookup(ip, kNow);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(address, shown(full), shown(db.lookup(ip, kNow, IPF_NETDB_WANT_ALL)));
        for (uint32_t wanted = 0; wanted <= IPF_NETDB_WANT_ALL; ++wanted)
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::string(address) + " wanted " + std::to_string(wanted),
                                         shown(ipfacts::onlyWanted(full, wanted)), shown(db.lookup(ip, kNow, wanted)));
        return full;
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(NetDbTest);
