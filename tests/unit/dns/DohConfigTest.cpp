// The doh: manifest section (host/facilities/doh/DohConfig): inline
// resolvers, a catalogue file beside the manifest, and errors that name the
// file they are in (the manifest's or the catalogue's) and the line.
#include "host/facilities/doh/DohConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using ipfacts::facilities::DohConfig;
using Section = ipfacts::testing::SectionReading<DohConfig>;

namespace {

const Section kSection("doh");

const char* kInline = "doh:\n  resolvers:\n    - { name: a, url: \"https://a.example/dns-query\" }\n";

}  // namespace

class DohConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DohConfigTest);
    CPPUNIT_TEST(inlineResolversAndDefaults);
    CPPUNIT_TEST(catalogueBesideTheManifest);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

    std::string dir_;

    void writeCatalogue(const std::string& text) const { std::ofstream(dir_ + "/cat.yaml") << text; }
    /// The section of a manifest in dir_, beside the catalogue.
    Section besideCatalogue() const { return Section("doh", dir_); }

public:
    void setUp() override {
        char tmpl[] = "/tmp/ipfacts-doh-config-XXXXXX";
        CPPUNIT_ASSERT(mkdtemp(tmpl));
        dir_ = tmpl;
    }
    void tearDown() override { std::filesystem::remove_all(dir_); }

    void inlineResolversAndDefaults() {
        auto c = kSection.read(kInline);
        CPPUNIT_ASSERT_EQUAL(size_t(1), c.resolvers.size());
        CPPUNIT_ASSERT_EQUAL(std::string("a"), c.resolvers[0].name);
        CPPUNIT_ASSERT_EQUAL(std::string("https://a.example/dns-query"), c.resolvers[0].url);
        CPPUNIT_ASSERT_EQUAL(2500, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(std::string(""), c.ca_file);  // the system's trust store
        c = kSection.read(std::string(kInline) + "  timeout_ms: 900\n  ca_file: hosts\n");
        CPPUNIT_ASSERT_EQUAL(900, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/hosts"), c.ca_file);  // relative to the manifest's folder
    }

    void catalogueBesideTheManifest() {
        writeCatalogue("resolvers:\n  - { name: b, url: \"https://b.example/dns-query\", description: B }\n");
        auto c = besideCatalogue().read(std::string(kInline) + "  catalogue: cat.yaml\n");
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.resolvers.size());
        CPPUNIT_ASSERT_EQUAL(std::string("a"), c.resolvers[0].name);  // inline first
        CPPUNIT_ASSERT_EQUAL(std::string("b"), c.resolvers[1].name);
        // A name in both is one resolver listed twice, reported where the second stands.
        writeCatalogue("resolvers:\n  - { name: a, url: \"https://b.example/dns-query\" }\n");
        CPPUNIT_ASSERT_EQUAL(dir_ + "/cat.yaml:2: DoH resolver 'a' is listed twice",
                             besideCatalogue().error(std::string(kInline) + "  catalogue: cat.yaml\n"));
    }

    void errorsNameFileAndLine() {
        const std::string cat = "doh:\n  catalogue: cat.yaml\n";
        writeCatalogue("resolvers:\n  - { name: b, url: \"http://b.example/dns-query\" }\n");
        CPPUNIT_ASSERT_EQUAL(dir_ + "/cat.yaml:2: DoH resolver url must start with https://",
                             besideCatalogue().error(cat));
        writeCatalogue("servers: []\n");
        CPPUNIT_ASSERT_EQUAL(dir_ + "/cat.yaml:1: a DoH catalogue holds a resolvers: list",
                             besideCatalogue().error(cat));
        writeCatalogue("resolvers: [\n");
        // A syntax error, in the catalogue.
        CPPUNIT_ASSERT(besideCatalogue().error(cat).rfind(dir_ + "/cat.yaml:", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: doh needs resolvers (inline) or a catalogue"),
                             kSection.error("doh: { timeout_ms: 100 }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: a DoH resolver needs name and url"),
                             kSection.error("doh:\n  resolvers:\n    - { name: a }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: unknown key 'uri' in a DoH resolver"),
                             kSection.error("doh:\n  resolvers:\n    - { name: a, uri: \"https://a.example/\" }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:4: doh.timeout_ms must be between 50 and 60000"),
                             kSection.error(std::string(kInline) + "  timeout_ms: 60001\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:4: CA file /nonexistent/ca.pem does not exist"),
                             kSection.error(std::string(kInline) + "  ca_file: /nonexistent/ca.pem\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: unknown key 'resolver' in doh"),
                             kSection.error("doh:\n  resolver: []\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DohConfigTest);
