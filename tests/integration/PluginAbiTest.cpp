// Plugin loading: the plugins built against each frozen header (1.0 to 1.6)
// answer, each failure mode is refused
// with its own log line while the host serves the rest, and the example plugin
// built out of tree against the installed SDK answers.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>
#include <map>

using namespace ipfacts::testing;

class PluginAbiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginAbiTest);
    CPPUNIT_TEST(pluginBuiltAgainstAbi10StillAnswers);
    CPPUNIT_TEST(pluginsBuiltAgainstEveryShippedMinorAnswer);
    CPPUNIT_TEST(pluginOfNewerMinorThatCopesLoads);
    CPPUNIT_TEST(refusedPluginsAreLoggedAndTheirRoutesAbsent);
    CPPUNIT_TEST(outOfTreeExampleAnswers);
    CPPUNIT_TEST(checkConfigNamesFileAndLine);
    CPPUNIT_TEST(checkConfigRefusesAMisspelledHandler);
    CPPUNIT_TEST(checkConfigRefusesAMissingLibrary);
    CPPUNIT_TEST(checkConfigRefusesAMissingRequiredFacility);
    CPPUNIT_TEST(checkConfigRefusesAMisspelledConfigKey);
    CPPUNIT_TEST(checkConfigRefusesAValueOutsideItsDeclaredRange);
    CPPUNIT_TEST(checkConfigNamesEveryRefusedPluginOfTheSuite);
    CPPUNIT_TEST_SUITE_END();

    static bool logHas(const std::string& text) { return Service::instance().log().find(text) != std::string::npos; }

public:
    void pluginBuiltAgainstAbi10StillAnswers() {
        auto r = get("/abi/v10?name=old+friend");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("hello old friend from ABI 1.0\n"), r.body);
        CPPUNIT_ASSERT(logHas("plugin=abi10 loaded: version 1.0.0 ABI 1.0"));
    }

    void pluginsBuiltAgainstEveryShippedMinorAnswer() {
        // Each reads back what its minor added: request_url (1.1), may_block (1.2),
        // a declared config key (1.3) and netdb's lookup_wanted (1.6).
        const std::map<int, std::string> since = {{1, ""},
                                                  {2, " may_block=0"},
                                                  {3, " may_block=0 greeting=frozen"},
                                                  {4, " may_block=0 greeting=frozen"},
                                                  {5, " may_block=0 greeting=frozen"},
                                                  {6, " may_block=0 greeting=frozen kind=loopback"}};
        for (const auto& [minor, readings] : since) {
            const std::string path = "/abi/v1" + std::to_string(minor);
            auto r = get(path);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path, 200, r.status);
            CPPUNIT_ASSERT_EQUAL(
                "hello from ABI 1." + std::to_string(minor) + " url=http://ipfacts.test" + path + readings + "\n",
                r.body);
            CPPUNIT_ASSERT_MESSAGE(path, logHas("plugin=abi1" + std::to_string(minor) +
                                                " loaded: version 1.0.0 ABI 1." + std::to_string(minor)));
        }
    }

    void pluginOfNewerMinorThatCopesLoads() {
        auto r = get("/abi/copes-minor");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("copes\n"), r.body);
    }

    void refusedPluginsAreLoggedAndTheirRoutesAbsent() {
        CPPUNIT_ASSERT(logHas("plugin=wrong_major refused: built for ABI major 2, this host speaks major 1"));
        CPPUNIT_ASSERT(logHas("plugin=newer_minor refused: requires ABI 1.99"));
        CPPUNIT_ASSERT(logHas("plugin=init_fails refused: init failed: the test plugin refuses to start"));
        CPPUNIT_ASSERT(logHas("plugin=no_entry refused: exports no ipfacts_plugin_v1 symbol"));
        for (const char* p : {"/abi/wrong-major", "/abi/newer-minor", "/abi/init-fails", "/abi/no-entry"})
            CPPUNIT_ASSERT_EQUAL(404, get(p).status);
        CPPUNIT_ASSERT_EQUAL(200, get("/ip").status);
    }

    void outOfTreeExampleAnswers() {
        auto r = get("/example/hello?name=Ada");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=60"), *r.header("Cache-Control"));
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("hi, Ada"), body->getValue<std::string>("message"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.test"), body->getValue<std::string>("source"));
        CPPUNIT_ASSERT_EQUAL(400, get("/example/hello?name=" + std::string(80, 'x')).status);
    }
    /// Runs --check-config on `yaml` written to the state folder; its output and exit status.
    static std::string checkConfig(const std::string& name, const std::string& yaml) {
        const std::string daemon = Service::buildDir() + "/host/ipfactsd";
        const std::string file = Service::instance().stateDir() + "/" + name;
        std::ofstream(file) << yaml;
        return runCommand(daemon + " --check-config " + file + " 2>&1; echo exit=$?");
    }

    /// A usable manifest: the ip and headers plugins, one route each.
    static std::string goodManifest() {
        return "plugin_dir: " + Service::buildDir() +
               "/plugins\n"
               "plugins:\n"
               "  ip: { library: ip }\n"
               "  headers: { library: headers, config: { catalogue: " +
               Service::sourceDir() +
               "/etc/headers.yaml } }\n"
               "routes:\n"
               "  - { path: /ip, handler: ip.address }\n"
               "  - { path: /h, handler: headers.echo }\n";
    }

    void checkConfigNamesFileAndLine() {
        CPPUNIT_ASSERT_MESSAGE(checkConfig("good.yaml", goodManifest()),
                               checkConfig("good.yaml", goodManifest()).find(": ok\nexit=0") != std::string::npos);
        std::string out = checkConfig("bad.yaml", "routes:\n  - { path: /x, handler: nope.h }\n");
        CPPUNIT_ASSERT_MESSAGE(out, out.find("bad.yaml:2:") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }

    void checkConfigRefusesAMisspelledHandler() {
        std::string yaml = goodManifest();
        yaml.replace(yaml.find("headers.echo"), 12, "headers.ecko");
        std::string out = checkConfig("handler.yaml", yaml);
        CPPUNIT_ASSERT_MESSAGE(
            out, out.find("handler.yaml:7: route /h: plugin headers has no handler 'ecko' (it has: echo)") !=
                     std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }

    void checkConfigRefusesAMissingLibrary() {
        std::string yaml = goodManifest();
        yaml.replace(yaml.find("library: ip }"), 13, "library: ipp }");
        std::string out = checkConfig("library.yaml", yaml);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("library.yaml:3: plugin ip: no library at ") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }

    void checkConfigRefusesAMissingRequiredFacility() {
        std::string out =
            checkConfig("facility.yaml", "plugin_dir: " + Service::buildDir() +
                                             "/plugins\n"
                                             "plugins:\n  lookup: { library: lookup }\n"
                                             "routes:\n  - { path: \"/l/{target}\", handler: lookup.lookup }\n");
        CPPUNIT_ASSERT_MESSAGE(
            out, out.find("facility.yaml:3: plugin lookup: requires the resolver facility") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("requires the netdb facility") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }

    void checkConfigRefusesAMisspelledConfigKey() {
        std::string yaml = goodManifest() + "";
        yaml.replace(yaml.find("config: { catalogue"), 19, "config: { cach_size: 5, catalogue");
        std::string out = checkConfig("key.yaml", yaml);
        CPPUNIT_ASSERT_MESSAGE(
            out, out.find("key.yaml:4: plugin headers: unknown config key 'cach_size' (it has: catalogue)") !=
                     std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }

    void checkConfigRefusesAValueOutsideItsDeclaredRange() {
        // The range comes from the plugin's one table (ABI 1.7 config_ranges), not from its init.
        std::string out = checkConfig("range.yaml", "plugin_dir: " + Service::buildDir() +
                                                        "/plugins\n"
                                                        "plugins:\n  mail: { library: mail, config: { "
                                                        "mta_sts_port: 70000, spf_max_depth: 3 } }\n"
                                                        "routes:\n  - { path: /mx, handler: mail.mx }\n");
        CPPUNIT_ASSERT_MESSAGE(out, out.find("range.yaml:3: plugin mail: config key mta_sts_port must be an integer "
                                             "from 1 to 65535, not '70000'") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("spf_max_depth") == std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }

    void checkConfigNamesEveryRefusedPluginOfTheSuite() {
        // The suite's own manifest loads plugins built to be refused: each is named.
        std::string out = runCommand(Service::buildDir() + "/host/ipfactsd --check-config " +
                                     Service::instance().manifest() + " 2>&1; echo exit=$?");
        for (const char* p : {"plugin wrong_major: built for ABI major", "plugin newer_minor: requires ABI",
                              "plugin no_entry: exports no ipfacts_plugin_v1"})
            CPPUNIT_ASSERT_MESSAGE(out, out.find(p) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("plugin ua:") == std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PluginAbiTest);
