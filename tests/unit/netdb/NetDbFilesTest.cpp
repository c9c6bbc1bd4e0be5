// The netdb: manifest section (host/facilities/netdb/NetDbFiles): which files
// to load, paths resolved against the manifest's folder, and errors that name
// file and line.
#include "host/facilities/netdb/NetDbFiles.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::NetDbFiles;

namespace {

const ipfacts::testing::SectionReading<NetDbFiles> kSection("netdb");

}  // namespace

class NetDbFilesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NetDbFilesTest);
    CPPUNIT_TEST(onlyTheRegistryIsRequired);
    CPPUNIT_TEST(everyKeyResolvesAgainstTheManifest);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void onlyTheRegistryIsRequired() {
        auto c = kSection.read("netdb: { special_purpose: netdb/special-purpose.yaml }\n");
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/netdb/special-purpose.yaml"), c.special_purpose);
        CPPUNIT_ASSERT(c.city_mmdb.empty() && c.asn_csv.empty());
        CPPUNIT_ASSERT(c.rir.empty() && c.continents.empty() && c.connection_types.empty() && c.country_names.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("/usr/share/zoneinfo"), c.zoneinfo_dir);
    }

    void everyKeyResolvesAgainstTheManifest() {
        const ipfacts::testing::SectionReading<NetDbFiles> besideEtc("netdb", "/srv/ipfacts/etc");
        auto c = besideEtc.read(
            "netdb:\n"
            "  city_mmdb: [v4.mmdb, /data/v6.mmdb]\n"
            "  asn_csv: [asn/a.csv]\n"
            "  special_purpose: sp.yaml\n"
            "  rir: rir.yaml\n"
            "  continents: continents.yaml\n"
            "  connection_types: ct.yaml\n"
            "  country_names: /usr/share/iso-codes/json/iso_3166-1.json\n"
            "  zoneinfo_dir: zones\n");
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.city_mmdb.size());
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/v4.mmdb"), c.city_mmdb[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("/data/v6.mmdb"), c.city_mmdb[1]);  // absolute stays
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/asn/a.csv"), c.asn_csv[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/sp.yaml"), c.special_purpose);
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/rir.yaml"), c.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/continents.yaml"), c.continents);
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/ct.yaml"), c.connection_types);
        CPPUNIT_ASSERT_EQUAL(std::string("/usr/share/iso-codes/json/iso_3166-1.json"), c.country_names);
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/ipfacts/etc/zones"), c.zoneinfo_dir);
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: netdb needs special_purpose (the IANA registries)"),
                             kSection.error("netdb:\n  rir: rir.yaml\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: netdb.asn_csv must be a list of files"),
                             kSection.error("netdb:\n  special_purpose: sp.yaml\n  asn_csv: a.csv\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: netdb.city_mmdb must be a string"),
                             kSection.error("netdb:\n  special_purpose: sp.yaml\n  city_mmdb: [[a.mmdb]]\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: unknown key 'city' in netdb"),
                             kSection.error("netdb:\n  city: [a.mmdb]\n  special_purpose: sp.yaml\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NetDbFilesTest);
