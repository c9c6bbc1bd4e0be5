// The `guard:` manifest section: defaults, the allow list, and errors that
// name file and line like the manifest reader's.
#include "host/facilities/guard/GuardConfig.h"
#include "host/manifest/YamlReader.h"

#include <cppunit/extensions/HelperMacros.h>
#include <yaml-cpp/yaml.h>

#include <string>

namespace ipfacts::facilities::guard {

class GuardConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(GuardConfigTest);
    CPPUNIT_TEST(absentSectionIsEmpty);
    CPPUNIT_TEST(readsAllowList);
    CPPUNIT_TEST(refusesABadBlockWithItsLine);
    CPPUNIT_TEST(refusesUnknownKeys);
    CPPUNIT_TEST(refusesANonList);
    CPPUNIT_TEST(readsTheRegistryFileBesideTheManifest);
    CPPUNIT_TEST_SUITE_END();

    static std::string errorOf(const std::string& yaml) {
        YAML::Node root = YAML::Load(yaml);
        try {
            GuardConfig::fromYaml(root["guard"], "ipfacts.yaml", "/etc");
        } catch (const manifest::ConfigError& e) {
            return e.what();
        }
        return "";
    }

public:
    void absentSectionIsEmpty() {
        YAML::Node root = YAML::Load("server: {}\n");
        CPPUNIT_ASSERT(GuardConfig::fromYaml(root["guard"], "m.yaml", "/etc").allow.empty());
        root = YAML::Load("guard:\n");
        CPPUNIT_ASSERT(GuardConfig::fromYaml(root["guard"], "m.yaml", "/etc").allow.empty());
    }

    void readsAllowList() {
        YAML::Node root = YAML::Load("guard: { allow: [\"127.0.0.0/8\", \"::1/128\"] }\n");
        GuardConfig c = GuardConfig::fromYaml(root["guard"], "m.yaml", "/etc");
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.allow.size());
        CPPUNIT_ASSERT(c.allow[0].contains(*net::IpAddress::parse("127.1.2.3")));
        CPPUNIT_ASSERT(c.allow[1].contains(*net::IpAddress::parse("::1")));
        CPPUNIT_ASSERT_EQUAL(std::string("::1/128"), c.allow_text[1]);
    }

    void refusesABadBlockWithItsLine() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("ipfacts.yaml:4: guard.allow entry '10.0.0.0/33' is not an address or CIDR block"),
            errorOf("server: {}\nguard:\n  allow:\n    - 10.0.0.0/33\n"));
    }

    void refusesUnknownKeys() {
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.yaml:2: unknown key 'alow' in guard"),
                             errorOf("guard:\n  alow: [\"127.0.0.1\"]\n"));
    }

    void refusesANonList() {
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.yaml:1: guard.allow must be a list of CIDR blocks"),
                             errorOf("guard: { allow: 127.0.0.1 }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.yaml:1: guard must be a mapping"), errorOf("guard: [1]\n"));
    }

    void readsTheRegistryFileBesideTheManifest() {
        YAML::Node root = YAML::Load("guard: { special_purpose: netdb/special-purpose.yaml }\n");
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/etc/netdb/special-purpose.yaml"),
                             GuardConfig::fromYaml(root["guard"], "m.yaml", "/srv/etc").special_purpose);
        root = YAML::Load("guard: { allow: [] }\n");
        // None named: the manifest reader gives netdb's file, or netdb/special-purpose.yaml.
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             GuardConfig::fromYaml(root["guard"], "m.yaml", "/srv/etc").special_purpose);
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.yaml:1: guard.special_purpose must be a string"),
                             errorOf("guard: { special_purpose: [a] }\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GuardConfigTest);

}  // namespace ipfacts::facilities::guard
