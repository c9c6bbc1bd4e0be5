// The daemon's start reads the IANA special-purpose registry once and gives
// the same object to netdb and to the address guard; without a netdb section
// the guard still gets one, from guard.special_purpose.
#include "host/facilities/Catalogue.h"
#include "host/facilities/FacilitySet.h"
#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/netdb/NetDb.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "host/manifest/Manifest.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace ipfacts;

namespace {

std::string registryFile() {
    const char* src = std::getenv("IPFACTS_SOURCE_DIR");
    return std::string(src ? src : ".") + "/etc/netdb/special-purpose.yaml";
}

/// A manifest of the shared head plus `sections`, in a scratch folder of its own.
manifest::Manifest manifestWith(const std::string& sections) {
    const auto dir = std::filesystem::temp_directory_path() / "ipfacts-shared-registry-test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "m.yaml").string();
    std::ofstream(path) << "service: { host: ipfacts.example }\n"
                        << "state_dir: " << dir.string() << "\n"
                        << "plugins:\n  ip: { library: ip }\n"
                        << "routes:\n  - { path: /ip, handler: ip.address }\n"
                        << sections;
    return manifest::loadManifest(path);
}

const void* address(const void* p) { return p; }

}  // namespace

class SharedRegistryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SharedRegistryTest);
    CPPUNIT_TEST(netdbAndGuardShareOneReading);
    CPPUNIT_TEST(guardWithoutNetdbReadsItsFile);
    CPPUNIT_TEST(netdbAloneNeedsNoGuard);
    CPPUNIT_TEST_SUITE_END();

public:
    void netdbAndGuardShareOneReading() {
        auto set =
            facilities::startFacilities(manifestWith("netdb: { special_purpose: " + registryFile() + " }\nhttp: {}\n"));
        CPPUNIT_ASSERT(set->registry() && set->guard());
        CPPUNIT_ASSERT_EQUAL(address(set->registry().get()), address(&set->guard()->registry()));
        // netdb classifies with it: the set, the guard and netdb's database hold it.
        CPPUNIT_ASSERT(set->registry().use_count() >= 3);
        auto* netdb = set->get<facilities::NetDbFacility>();
        CPPUNIT_ASSERT(netdb);
        const auto now = std::chrono::system_clock::now();
        CPPUNIT_ASSERT_EQUAL(std::string("private"),
                             netdb->handle().current()->lookup(*net::IpAddress::parse("10.0.0.1"), now).kind);
        // A reload rereads netdb's files but keeps the one registry.
        const long before = set->registry().use_count();
        netdb->reload();
        CPPUNIT_ASSERT_EQUAL(before, set->registry().use_count());
        CPPUNIT_ASSERT_EQUAL(std::string("documentation"),
                             netdb->handle().current()->lookup(*net::IpAddress::parse("192.0.2.1"), now).kind);
    }

    void guardWithoutNetdbReadsItsFile() {
        auto set =
            facilities::startFacilities(manifestWith("guard: { special_purpose: " + registryFile() + " }\nhttp: {}\n"));
        CPPUNIT_ASSERT(set->registry() && set->guard());
        CPPUNIT_ASSERT(!set->get<facilities::NetDbFacility>());
        CPPUNIT_ASSERT_EQUAL(address(set->registry().get()), address(&set->guard()->registry()));
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"),
                             set->guard()->check(*net::IpAddress::parse("10.0.0.1")).reason());
    }

    void netdbAloneNeedsNoGuard() {
        auto set = facilities::startFacilities(manifestWith("netdb: { special_purpose: " + registryFile() + " }\n"));
        CPPUNIT_ASSERT(set->registry());
        CPPUNIT_ASSERT(!set->guard());
        CPPUNIT_ASSERT_EQUAL(registryFile(), set->registry()->path());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SharedRegistryTest);
