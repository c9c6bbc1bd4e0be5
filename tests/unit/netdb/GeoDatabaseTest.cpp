#include "host/facilities/netdb/GeoDatabase.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <maxminddb.h>

#include <cmath>
#include <optional>
#include <string>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;
using ipfacts::net::IpAddress;

namespace {

std::string orNone(const std::optional<std::string>& s) { return s.value_or("(none)"); }

/// Floats come back as 37.405602 for 37.4056: compare at four decimals.
bool near(std::optional<double> v, double expected) { return v && std::fabs(*v - expected) < 5e-5; }

}  // namespace

class GeoDatabaseTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(GeoDatabaseTest);
    CPPUNIT_TEST(layoutComesFromMetadata);
    CPPUNIT_TEST(reducedLayoutCityRecord);
    CPPUNIT_TEST(reducedLayoutCountryOnlyRecord);
    CPPUNIT_TEST(reducedIpv6FileHoldsNoIpv4);
    CPPUNIT_TEST(geoip2Layout);
    CPPUNIT_TEST(geoip2FileAliasesIpv4);
    CPPUNIT_TEST(unknownAddressesAndFamilies);
    CPPUNIT_TEST(badFilesAreNamed);
    CPPUNIT_TEST(reducedRecordsMatchLibmaxminddb);
    CPPUNIT_TEST_SUITE_END();

    GeoDatabase v4{dataFixture("city-reduced-v4.mmdb")};
    GeoDatabase v6{dataFixture("city-reduced-v6.mmdb")};
    GeoDatabase geoip2{dataFixture("city-geoip2.mmdb")};

    GeoRecord at(const GeoDatabase& db, const char* address) {
        auto r = db.lookup(*IpAddress::parse(address));
        CPPUNIT_ASSERT_MESSAGE(address, r.has_value());
        return *r;
    }

public:
    void layoutComesFromMetadata() {
        CPPUNIT_ASSERT(v4.layout() == GeoDatabase::Layout::kReduced);
        CPPUNIT_ASSERT(!v4.holdsIpv6());
        CPPUNIT_ASSERT(v6.layout() == GeoDatabase::Layout::kReduced);
        CPPUNIT_ASSERT(v6.holdsIpv6());
        CPPUNIT_ASSERT(geoip2.layout() == GeoDatabase::Layout::kGeoIp2);
        CPPUNIT_ASSERT_EQUAL(std::string("GeoIP2-City"), geoip2.databaseType());
        CPPUNIT_ASSERT(GeoDatabase::layoutOf("GeoLite2-City") == GeoDatabase::Layout::kGeoIp2);
        CPPUNIT_ASSERT(GeoDatabase::layoutOf("DBIP-City-Lite") == GeoDatabase::Layout::kGeoIp2);
        CPPUNIT_ASSERT(GeoDatabase::layoutOf("city ipv6") == GeoDatabase::Layout::kReduced);
        CPPUNIT_ASSERT(GeoDatabase::layoutOf("GeoLite2-Country") == GeoDatabase::Layout::kGeoIp2);
        CPPUNIT_ASSERT(!GeoDatabase::layoutOf("GeoLite2-ASN"));
        CPPUNIT_ASSERT(!GeoDatabase::layoutOf("asn ipv4"));
        CPPUNIT_ASSERT(!GeoDatabase::layoutOf(""));
    }

    void reducedLayoutCityRecord() {
        const GeoRecord r = at(v4, "8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(std::string("US"), orNone(r.country));
        CPPUNIT_ASSERT_EQUAL(std::string("California"), orNone(r.region));
        CPPUNIT_ASSERT(!r.region_code);  // the reduced layout has no subdivision code
        CPPUNIT_ASSERT(!r.continent);
        CPPUNIT_ASSERT(!r.country_name);
        CPPUNIT_ASSERT_EQUAL(std::string("Mountain View"), orNone(r.city));
        CPPUNIT_ASSERT_EQUAL(std::string("94043"), orNone(r.postal));
        CPPUNIT_ASSERT(near(r.latitude, 37.4056) && near(r.longitude, -122.0775));
        CPPUNIT_ASSERT_EQUAL(std::string("America/Los_Angeles"), orNone(r.timezone));

        const GeoRecord se = at(v4, "89.160.20.127");  // last address of the /28
        CPPUNIT_ASSERT_EQUAL(std::string("Linköping"), orNone(se.city));
        CPPUNIT_ASSERT_EQUAL(std::string("Östergötland County"), orNone(se.region));
        CPPUNIT_ASSERT_EQUAL(std::string("582 22"), orNone(se.postal));
        CPPUNIT_ASSERT(!v4.lookup(*IpAddress::parse("89.160.20.128")));
    }

    void reducedLayoutCountryOnlyRecord() {
        const GeoRecord r = at(v4, "1.1.1.1");
        CPPUNIT_ASSERT_EQUAL(std::string("AU"), orNone(r.country));
        CPPUNIT_ASSERT(!r.city && !r.region && !r.postal);  // "" reads as absent
        CPPUNIT_ASSERT(near(r.latitude, -33.494));
        CPPUNIT_ASSERT_EQUAL(std::string("Australia/Sydney"), orNone(r.timezone));
        const GeoRecord g = at(v6, "2001:4860::1");
        CPPUNIT_ASSERT_EQUAL(std::string("US"), orNone(g.country));
        CPPUNIT_ASSERT(!g.city);
    }

    void reducedIpv6FileHoldsNoIpv4() {
        CPPUNIT_ASSERT(!v6.lookup(*IpAddress::parse("8.8.8.8")));
        CPPUNIT_ASSERT(!v6.lookup(*IpAddress::parse("::ffff:8.8.8.8")));
        CPPUNIT_ASSERT_EQUAL(std::string("Berlin"), orNone(at(v6, "2a02:2e0::1").city));
    }

    void geoip2Layout() {
        const GeoRecord r = at(geoip2, "216.160.83.56");
        CPPUNIT_ASSERT_EQUAL(std::string("US"), orNone(r.country));
        CPPUNIT_ASSERT_EQUAL(std::string("United States"), orNone(r.country_name));
        CPPUNIT_ASSERT_EQUAL(std::string("NA"), orNone(r.continent));
        CPPUNIT_ASSERT_EQUAL(std::string("Washington"), orNone(r.region));
        CPPUNIT_ASSERT_EQUAL(std::string("WA"), orNone(r.region_code));
        CPPUNIT_ASSERT_EQUAL(std::string("Milton"), orNone(r.city));
        CPPUNIT_ASSERT_EQUAL(std::string("98354"), orNone(r.postal));
        CPPUNIT_ASSERT(near(r.latitude, 47.2513) && near(r.longitude, -122.3149));
        CPPUNIT_ASSERT_EQUAL(std::string("America/Los_Angeles"), orNone(r.timezone));
        const GeoRecord se = at(geoip2, "89.160.20.113");
        CPPUNIT_ASSERT_EQUAL(std::string("E"), orNone(se.region_code));
        CPPUNIT_ASSERT(!se.postal);
        CPPUNIT_ASSERT_EQUAL(std::string("SE"), orNone(se.country));  // not registered_country DE
    }

    void geoip2FileAliasesIpv4() {
        for (const char* a : {"89.160.20.113", "::89.160.20.113", "::ffff:89.160.20.113", "2002:59a0:1470::1"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(a, std::string("Linköping"), orNone(at(geoip2, a).city));
        CPPUNIT_ASSERT_EQUAL(std::string("BE"), orNone(at(geoip2, "2a02:2e0::1").region_code));
    }

    void unknownAddressesAndFamilies() {
        CPPUNIT_ASSERT(!v4.lookup(*IpAddress::parse("9.9.9.9")));
        CPPUNIT_ASSERT(!v4.lookup(*IpAddress::parse("2a02:2e0::1")));  // IPv6 in an IPv4 file
        CPPUNIT_ASSERT(!geoip2.lookup(*IpAddress::parse("9.9.9.9")));
    }

    void badFilesAreNamed() {
        std::string e = errorOf([] { GeoDatabase db("/nonexistent/city.mmdb"); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find("/nonexistent/city.mmdb: ") == 0);
        ScratchFile junk("not an mmdb", ".mmdb");
        e = errorOf([&] { GeoDatabase db(junk.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(junk.path() + ": ") == 0);
    }

    /// The reduced layout is decoded in place (MmdbData), not by
    /// libmaxminddb: every field of every fixture record, and the misses
    /// around them, read the same as MMDB_aget_value reads them.
    void reducedRecordsMatchLibmaxminddb() {
        int compared = 0;
        for (const char* file : {"city-reduced-v4.mmdb", "city-reduced-v6.mmdb"}) {
            const GeoDatabase db(dataFixture(file));
            MMDB_s m{};
            CPPUNIT_ASSERT_EQUAL(MMDB_SUCCESS, MMDB_open(dataFixture(file).c_str(), MMDB_MODE_MMAP, &m));
            for (const char* a : {"1.1.1.1", "1.1.1.255", "8.8.8.8", "8.8.4.4", "81.2.69.160", "89.160.20.112",
                                  "89.160.20.127", "89.160.20.128", "9.9.9.9", "2001:4860::1",
                                  "2001:4860:ffff::", "2a02:2e0::1", "2a02:2e0:ffff::1", "2a02:2e1::1", "::1"}) {
                const auto address = IpAddress::parse(a);
                if (!address->isV4() && !db.holdsIpv6()) continue;
                int gai = 0, error = 0;
                MMDB_lookup_result_s res = MMDB_lookup_string(&m, a, &gai, &error);
                std::optional<GeoRecord> expected;
                if (gai == 0 && error == MMDB_SUCCESS && res.found_entry) {
                    GeoRecord g;
                    g.country = mmdbText(res.entry, "country_code"), g.region = mmdbText(res.entry, "state1");
                    g.city = mmdbText(res.entry, "city"), g.postal = mmdbText(res.entry, "postcode");
                    g.timezone = mmdbText(res.entry, "timezone");
                    g.latitude = mmdbFloat(res.entry, "latitude"), g.longitude = mmdbFloat(res.entry, "longitude");
                    if (!g.empty()) expected = g;
                }
                const std::optional<GeoRecord> got = db.lookup(*address);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(a, expected.has_value(), got.has_value());
                if (!got) continue;
                ++compared;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(a, orNone(expected->country), orNone(got->country));
                CPPUNIT_ASSERT_EQUAL_MESSAGE(a, orNone(expected->region), orNone(got->region));
                CPPUNIT_ASSERT_EQUAL_MESSAGE(a, orNone(expected->city), orNone(got->city));
                CPPUNIT_ASSERT_EQUAL_MESSAGE(a, orNone(expected->postal), orNone(got->postal));
                CPPUNIT_ASSERT_EQUAL_MESSAGE(a, orNone(expected->timezone), orNone(got->timezone));
                CPPUNIT_ASSERT_MESSAGE(a, expected->latitude == got->latitude && expected->longitude == got->longitude);
            }
            MMDB_close(&m);
        }
        CPPUNIT_ASSERT_EQUAL(10, compared);  // 6 IPv4 and 4 IPv6 addresses have records
    }

private:
    static std::optional<std::string> mmdbText(MMDB_entry_s e, const char* key) {
        MMDB_entry_data_s d{};
        const char* path[] = {key, nullptr};
        if (MMDB_aget_value(&e, &d, path) != MMDB_SUCCESS || !d.has_data || d.type != MMDB_DATA_TYPE_UTF8_STRING ||
            d.data_size == 0)
            return std::nullopt;
        return std::string(d.utf8_string, d.data_size);
    }
    static std::optional<double> mmdbFloat(MMDB_entry_s e, const char* key) {
        MMDB_entry_data_s d{};
        const char* path[] = {key, nullptr};
        if (MMDB_aget_value(&e, &d, path) != MMDB_SUCCESS || !d.has_data || d.type != MMDB_DATA_TYPE_FLOAT)
            return std::nullopt;
        return static_cast<double>(d.float_value);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(GeoDatabaseTest);
