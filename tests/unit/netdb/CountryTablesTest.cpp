#include "host/facilities/netdb/ContinentTable.h"
#include "host/facilities/netdb/CountryNames.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;

class CountryTablesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CountryTablesTest);
    CPPUNIT_TEST(namesFromIsoCodes);
    CPPUNIT_TEST(continentsOfCountries);
    CPPUNIT_TEST(malformedTables);
    CPPUNIT_TEST_SUITE_END();

public:
    void namesFromIsoCodes() {
        CountryNames names(kCountryNames);
        CPPUNIT_ASSERT(names.size() >= 249);
        CPPUNIT_ASSERT_EQUAL(std::string("United States"), *names.nameOf("US"));
        CPPUNIT_ASSERT_EQUAL(std::string("United Kingdom"), *names.nameOf("GB"));
        CPPUNIT_ASSERT_EQUAL(std::string("Taiwan, Province of China"),
                             *names.nameOf("TW"));  // `name`, not `common_name`
        CPPUNIT_ASSERT_EQUAL(std::string("Norway"), *names.nameOf("no"));
        CPPUNIT_ASSERT(!names.nameOf("XK"));  // Kosovo is not in ISO 3166-1
        CPPUNIT_ASSERT(!names.nameOf("U"));
        CPPUNIT_ASSERT(!names.nameOf("U1"));
    }

    void continentsOfCountries() {
        ContinentTable continents(etcFile("continents.yaml"));
        CPPUNIT_ASSERT(continents.size() >= 250);
        CPPUNIT_ASSERT_EQUAL(std::string("NA"), *continents.continentOf("US"));
        CPPUNIT_ASSERT_EQUAL(std::string("EU"), *continents.continentOf("NO"));
        CPPUNIT_ASSERT_EQUAL(std::string("OC"), *continents.continentOf("AU"));
        CPPUNIT_ASSERT_EQUAL(std::string("AN"), *continents.continentOf("AQ"));
        CPPUNIT_ASSERT_EQUAL(std::string("SA"), *continents.continentOf("BR"));
        CPPUNIT_ASSERT_EQUAL(std::string("AF"), *continents.continentOf("ZA"));
        CPPUNIT_ASSERT_EQUAL(std::string("EU"), *continents.continentOf("XK"));
        CPPUNIT_ASSERT(!continents.continentOf("ZZ"));
        // Unquoted NO (a YAML 1.1 boolean elsewhere) is still Norway here.
        ScratchFile unquoted("countries:\n  NO: EU\n  NA: AF\n");
        ContinentTable t(unquoted.path());
        CPPUNIT_ASSERT_EQUAL(std::string("EU"), *t.continentOf("NO"));
        CPPUNIT_ASSERT_EQUAL(std::string("AF"), *t.continentOf("NA"));
    }

    void malformedTables() {
        ScratchFile bad("countries:\n  US: NA\n  GB: Europe\n");
        std::string e = errorOf([&] { ContinentTable t(bad.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad.path() + ":3:") == 0 && e.find("Europe") != std::string::npos);
        ScratchFile no_map("continents: {}\n");
        e = errorOf([&] { ContinentTable t(no_map.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find("countries") != std::string::npos);
        ScratchFile bad_json("{\"3166-1\": [{\"alpha_2\": \"USA\", \"name\": \"x\"}]}", ".json");
        e = errorOf([&] { CountryNames n(bad_json.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_json.path() + ":1:") == 0 && e.find("USA") != std::string::npos);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CountryTablesTest);
