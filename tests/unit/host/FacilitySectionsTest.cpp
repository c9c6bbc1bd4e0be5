// The manifest reader hands each facility section to the reader that
// facility's folder registers (host/facilities/<name>/Registration.cpp, over
// <Name>Config::fromYaml) and turns their errors into ManifestError with the
// manifest's path and line.
#include "host/facilities/cache/CacheConfig.h"
#include "host/facilities/connect/ConnectConfig.h"
#include "host/facilities/dns/ResolverConfig.h"
#include "host/facilities/doh/DohConfig.h"
#include "host/facilities/http/HttpConfig.h"
#include "host/facilities/meters/MetersConfig.h"
#include "host/facilities/netdb/NetDbFiles.h"
#include "host/manifest/Manifest.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace ipfacts::manifest;
using namespace ipfacts::facilities;

namespace {

const char* kRoutes = "plugins: { ip: {} }\nroutes:\n  - { path: /ip, handler: ip.address }\n";

}  // namespace

class FacilitySectionsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FacilitySectionsTest);
    CPPUNIT_TEST(absentSectionsLeaveFacilitiesOff);
    CPPUNIT_TEST(everySectionReachesItsFacility);
    CPPUNIT_TEST(theGuardJudgesByNetdbsRegistryUnlessItNamesOne);
    CPPUNIT_TEST(facilityErrorsAreManifestErrors);
    CPPUNIT_TEST_SUITE_END();

    std::string dir_, file_;

    Manifest load(const std::string& sections) const {
        std::ofstream(file_) << kRoutes << sections;
        return loadManifest(file_);
    }
    std::string errorOf(const std::string& sections) const {
        try {
            load(sections);
        } catch (const ManifestError& e) {
            return e.what();
        }
        return "";
    }

public:
    void setUp() override {
        char tmpl[] = "/tmp/ipfacts-facility-sections-XXXXXX";
        CPPUNIT_ASSERT(mkdtemp(tmpl));
        dir_ = tmpl;
        file_ = dir_ + "/m.yaml";
    }
    void tearDown() override { std::filesystem::remove_all(dir_); }

    void absentSectionsLeaveFacilitiesOff() {
        auto m = load("");
        CPPUNIT_ASSERT(!m.section<ResolverConfig>() && !m.section<DohConfig>() && !m.section<NetDbFiles>() &&
                       !m.section<http::HttpConfig>() && !m.section<cache::CacheConfig>() &&
                       !m.section<connect::ConnectConfig>() && !m.section<MetersConfig>());
        CPPUNIT_ASSERT(m.guard.allow.empty());  // the guard is always loaded, with nothing let through
        CPPUNIT_ASSERT_EQUAL(dir_ + "/netdb/special-purpose.yaml", m.guard.special_purpose);
    }

    void everySectionReachesItsFacility() {
        auto m = load(
            "resolver: { servers: [\"127.0.0.1:53\"] }\n"
            "doh: { resolvers: [{ name: a, url: \"https://a.example/dns-query\" }] }\n"
            "netdb: { special_purpose: sp.yaml }\n"
            "guard: { allow: [\"127.0.0.0/8\"] }\n"
            "http: { upstreams: { rdap: { hosts: [a.example], per_day: 10 } } }\n"
            "meters: { privacy: { per_day: 20 } }\n"
            "cache: { max_bytes: 8192 }\n"
            "connect: { max_concurrent: 3 }\n");
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:53"), m.section<ResolverConfig>()->servers.at(0));
        CPPUNIT_ASSERT_EQUAL(std::string("a"), m.section<DohConfig>()->resolvers.at(0).name);
        CPPUNIT_ASSERT_EQUAL(dir_ + "/sp.yaml", m.section<NetDbFiles>()->special_purpose);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.0/8"), m.guard.allow_text.at(0));
        CPPUNIT_ASSERT_EQUAL(int64_t(10), m.section<http::HttpConfig>()->upstreams.at(0).per_day);
        CPPUNIT_ASSERT_EQUAL(int64_t(20), m.section<MetersConfig>()->per_day.at("privacy"));
        CPPUNIT_ASSERT_EQUAL(int64_t(8192), m.section<cache::CacheConfig>()->max_bytes);
        CPPUNIT_ASSERT_EQUAL(3, m.section<connect::ConnectConfig>()->max_concurrent);
    }

    void theGuardJudgesByNetdbsRegistryUnlessItNamesOne() {
        auto m = load("netdb: { special_purpose: sp.yaml }\n");
        CPPUNIT_ASSERT_EQUAL(dir_ + "/sp.yaml", m.guard.special_purpose);
        m = load("netdb: { special_purpose: sp.yaml }\nguard: { special_purpose: other.yaml }\n");
        CPPUNIT_ASSERT_EQUAL(dir_ + "/other.yaml", m.guard.special_purpose);
    }

    void facilityErrorsAreManifestErrors() {
        // kRoutes takes lines 1-3; the section starts on line 4.
        const std::pair<const char*, const char*> cases[] = {
            {"resolver:\n  attempts: 0\n", ":5: resolver.attempts must be between 1 and 10"},
            {"doh: { timeout_ms: 100 }\n", ":4: doh needs resolvers (inline) or a catalogue"},
            {"netdb:\n  rir: r.yaml\n", ":5: netdb needs special_purpose (the IANA registries)"},
            {"guard:\n  alow: []\n", ":5: unknown key 'alow' in guard"},
            {"http:\n  max_redirects: 99\n", ":5: http.max_redirects must be between 0 and 20"},
            {"http:\n  resolve: resolver\n", ":5: http.resolve: resolver needs a resolver: section"},
            {"meters:\n  privacy: {}\n", ":5: meters.privacy needs per_day"},
            {"cache:\n  backend: redis\n", ":5: cache.backend: only memory is available in this build"},
            {"connect:\n  timout_ms: 5\n", ":5: unknown key 'timout_ms' in connect"},
        };
        for (const auto& [section, want] : cases) CPPUNIT_ASSERT_EQUAL(file_ + want, errorOf(section));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FacilitySectionsTest);
