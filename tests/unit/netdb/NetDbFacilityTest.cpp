// NetDbFacility on a fresh install: data files that are absent are left out at
// start and named by missing() (/readyz says which); a SIGHUP reload that finds
// them all loads them; a reload that finds one gone keeps what it has; a file
// that is there but unreadable still stops the start.
#include "host/facilities/netdb/NetDb.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "host/net/IpAddress.h"

#include "NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ipfacts;
using namespace ipfacts::testing::netdb;
namespace fs = std::filesystem;

namespace {

/// A scratch data folder, like /var/lib/ipfacts/data before ipfacts-fetch-data.
class DataDir {
public:
    DataDir() {
        char tmpl[] = "/tmp/netdb-facility-test-XXXXXX";
        if (!::mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
        dir_ = tmpl;
    }
    ~DataDir() { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    /// The fixtures arrive, as ipfacts-fetch-data would bring the real files.
    void fetch() const {
        fs::copy_file(dataFixture("city-reduced-v4.mmdb"), path("city-v4.mmdb"));
        fs::copy_file(dataFixture("asn-ipv4.csv"), path("asn-v4.csv"));
    }

private:
    fs::path dir_;
};

facilities::NetDbFiles filesIn(const DataDir& d) {
    facilities::NetDbFiles f;
    f.city_mmdb = {d.path("city-v4.mmdb")};
    f.asn_csv = {d.path("asn-v4.csv")};
    f.special_purpose = etcFile("special-purpose.yaml");
    return f;
}

std::shared_ptr<const facilities::netdb::SpecialPurposeRegistry> registry() {
    return std::make_shared<const facilities::netdb::SpecialPurposeRegistry>(etcFile("special-purpose.yaml"));
}

std::string cityOf(const facilities::NetDbFacility& f, const char* address) {
    auto facts = f.handle().current()->lookup(*net::IpAddress::parse(address), std::chrono::system_clock::now());
    return facts.city ? *facts.city : "(none)";
}

}  // namespace

class NetDbFacilityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NetDbFacilityTest);
    CPPUNIT_TEST(startsWithoutAbsentDataAndNamesIt);
    CPPUNIT_TEST(reloadLoadsDataThatArrived);
    CPPUNIT_TEST(reloadWithAFileGoneKeepsTheData);
    CPPUNIT_TEST(anUnreadableFileStillStopsTheStart);
    CPPUNIT_TEST_SUITE_END();

public:
    void startsWithoutAbsentDataAndNamesIt() {
        DataDir d;
        facilities::NetDbFacility f(filesIn(d), registry());
        CPPUNIT_ASSERT(f.missing() == (std::vector<std::string>{d.path("city-v4.mmdb"), d.path("asn-v4.csv")}));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), cityOf(f, "8.8.8.8"));
    }
    void reloadLoadsDataThatArrived() {
        DataDir d;
        facilities::NetDbFacility f(filesIn(d), registry());
        d.fetch();
        f.reload();
        CPPUNIT_ASSERT(f.missing().empty());
        CPPUNIT_ASSERT_EQUAL(std::string("Mountain View"), cityOf(f, "8.8.8.8"));
    }
    void reloadWithAFileGoneKeepsTheData() {
        DataDir d;
        d.fetch();
        facilities::NetDbFacility f(filesIn(d), registry());
        CPPUNIT_ASSERT(f.missing().empty());
        fs::remove(d.path("asn-v4.csv"));
        f.reload();
        CPPUNIT_ASSERT(f.missing().empty());
        CPPUNIT_ASSERT_EQUAL(std::string("Mountain View"), cityOf(f, "8.8.8.8"));
    }
    void anUnreadableFileStillStopsTheStart() {
        DataDir d;
        std::ofstream(d.path("city-v4.mmdb")) << "not an mmdb";
        CPPUNIT_ASSERT_THROW(facilities::NetDbFacility(filesIn(d), registry()), std::exception);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NetDbFacilityTest);
