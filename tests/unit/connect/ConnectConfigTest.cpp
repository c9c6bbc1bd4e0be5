// The connect: manifest section: defaults, every key, and file:line errors,
// read alone (ConnectConfig::fromYaml) and through the manifest reader.
#include "host/facilities/connect/ConnectConfig.h"
#include "host/manifest/Manifest.h"
#include "host/manifest/YamlReader.h"

#include <cppunit/extensions/HelperMacros.h>
#include <yaml-cpp/yaml.h>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>

using ipfacts::facilities::connect::ConnectConfig;
using ipfacts::manifest::ConfigError;

namespace {

ConnectConfig read(const std::string& yaml) {
    YAML::Node root = YAML::Load(yaml);
    return ConnectConfig::fromYaml(root["connect"], "m.yaml", "/etc");
}

std::string errorOf(const std::string& yaml) {
    try {
        read(yaml);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

class ConnectConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConnectConfigTest);
    CPPUNIT_TEST(nullSectionIsTheDefaults);
    CPPUNIT_TEST(everyKeyIsRead);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST(manifestReaderHooksTheSection);
    CPPUNIT_TEST_SUITE_END();

public:
    void nullSectionIsTheDefaults() {
        ConnectConfig c = read("connect:\n");
        CPPUNIT_ASSERT_EQUAL(5000, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(15000, c.max_timeout_ms);
        CPPUNIT_ASSERT_EQUAL(64, c.max_concurrent);
        CPPUNIT_ASSERT_EQUAL(std::string(""), c.ca_file);
    }

    void everyKeyIsRead() {
        ConnectConfig c =
            read("connect:\n  timeout_ms: 2000\n  max_timeout_ms: 4000\n  max_concurrent: 8\n  ca_file: hosts\n");
        CPPUNIT_ASSERT_EQUAL(2000, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(4000, c.max_timeout_ms);
        CPPUNIT_ASSERT_EQUAL(8, c.max_concurrent);
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/hosts"), c.ca_file);  // relative to the manifest's folder
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: unknown key 'timout_ms' in connect"),
                             errorOf("x: 1\nconnect:\n  timout_ms: 5\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: connect.timeout_ms must be between 50 and 60000"),
                             errorOf("connect:\n  timeout_ms: 10\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: connect.max_concurrent must be a whole number"),
                             errorOf("connect:\n  max_concurrent: lots\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: connect.timeout_ms (9000) is above connect.max_timeout_ms (8000)"),
                             errorOf("connect:\n  timeout_ms: 9000\n  max_timeout_ms: 8000\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: connect.ca_file: cannot read /nonexistent/ca.pem"),
                             errorOf("connect:\n  ca_file: /nonexistent/ca.pem\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: connect must be a mapping"), errorOf("connect: [1]\n"));
    }

    void manifestReaderHooksTheSection() {
        char dir[] = "/tmp/ipfacts-connect-manifest-XXXXXX";
        CPPUNIT_ASSERT(mkdtemp(dir));
        const std::string file = std::string(dir) + "/m.yaml";
        const std::string routes = "plugins:\n  ip: { library: ip }\nroutes:\n  - { path: /ip, handler: ip.address }\n";
        std::ofstream(file) << "connect: { timeout_ms: 1234 }\n" << routes;
        auto m = ipfacts::manifest::loadManifest(file);
        const auto* connect = m.section<ipfacts::facilities::connect::ConnectConfig>();
        CPPUNIT_ASSERT(connect);
        CPPUNIT_ASSERT_EQUAL(1234, connect->timeout_ms);
        std::ofstream(file) << routes;
        CPPUNIT_ASSERT(!ipfacts::manifest::loadManifest(file)
                            .section<ipfacts::facilities::connect::ConnectConfig>());  // no section: no facility
        std::ofstream(file) << routes << "connect:\n  max_concurrent: 0\n";
        std::string error;
        try {
            ipfacts::manifest::loadManifest(file);
        } catch (const ipfacts::manifest::ManifestError& e) {
            error = e.what();
        }
        CPPUNIT_ASSERT_EQUAL(file + ":6: connect.max_concurrent must be between 1 and 100000", error);
        std::remove(file.c_str());
        rmdir(dir);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ConnectConfigTest);
