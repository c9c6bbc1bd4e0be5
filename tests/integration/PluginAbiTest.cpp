// Plugin loading: the frozen-1.0 plugin answers, each failure mode is refused
// with its own log line while the host serves the rest, and the example plugin
// built out of tree against the installed SDK answers.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

class PluginAbiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginAbiTest);
    CPPUNIT_TEST(pluginBuiltAgainstAbi10StillAnswers);
    CPPUNIT_TEST(pluginOfNewerMinorThatCopesLoads);
    CPPUNIT_TEST(refusedPluginsAreLoggedAndTheirRoutesAbsent);
    CPPUNIT_TEST(outOfTreeExampleAnswers);
    CPPUNIT_TEST(checkConfigNamesFileAndLine);
    CPPUNIT_TEST_SUITE_END();

    static bool logHas(const std::string& text) { return Service::instance().log().find(text) != std::string::npos; }

public:
    void pluginBuiltAgainstAbi10StillAnswers() {
        auto r = get("/abi/v10?name=old+friend");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("hello old friend from ABI 1.0\n"), r.body);
        CPPUNIT_ASSERT(logHas("plugin=abi10 loaded: version 1.0.0 ABI 1.0"));
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
    void checkConfigNamesFileAndLine() {
        const std::string daemon = Service::buildDir() + "/host/ipfactsd";
        CPPUNIT_ASSERT(runCommand(daemon + " --check-config " + Service::instance().manifest()).find(": ok") !=
                       std::string::npos);
        const std::string bad = Service::instance().stateDir() + "/bad.yaml";
        runCommand("printf 'routes:\\n  - { path: /x, handler: nope.h }\\n' > " + bad);
        std::string out = runCommand(daemon + " --check-config " + bad + " 2>&1; echo exit=$?");
        CPPUNIT_ASSERT_MESSAGE(out, out.find("bad.yaml:2:") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PluginAbiTest);
