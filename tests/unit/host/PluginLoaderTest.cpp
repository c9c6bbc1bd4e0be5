// The plugin loader on real libraries built beside the tests: the C plugin
// built against the frozen ABI 1.0 header (tests/abi) loads and answers
// through the host table; a wrong ABI major, a newer minor, a missing entry
// symbol, a failed init, a missing file and a manifest naming a config key
// the plugin does not declare are each refused with one log line saying why.
#include "host/facilities/FacilitySet.h"
#include "host/manifest/Manifest.h"
#include "host/pipeline/Exchange.h"
#include "host/plugins/HostApi.h"
#include "host/plugins/PluginLoader.h"

#include <ipfacts/plugin.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

using namespace ipfacts;

namespace {

std::string built(const std::string& relative) {
    const char* dir = std::getenv("IPFACTS_BUILD_DIR");
    return std::string(dir ? dir : "build") + "/" + relative;
}

/// What the default logger writes while it lives.
class LogCapture {
public:
    LogCapture() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(out_)) {
        spdlog::default_logger()->sinks().push_back(sink_);
    }
    ~LogCapture() {
        auto& sinks = spdlog::default_logger()->sinks();
        sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
    }
    std::string text() const { return out_.str(); }

private:
    std::ostringstream out_;
    std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

struct LoaderRig {
    manifest::Manifest m;
    facilities::FacilitySet facilities;
    ipf_host_api api = plugins::makeHostApi(facilities);
    plugins::PluginLoader loader{m, &api, facilities};

    LoaderRig() {
        m.file = "/etc/ipfacts/ipfacts.yaml";
        m.dir = "/etc/ipfacts";
    }

    static manifest::PluginSpec spec(const std::string& name, const std::string& library) {
        manifest::PluginSpec s;
        s.name = name;
        s.library = built(library);
        s.line = 12;
        return s;
    }

    /// Loads `spec`, expecting a refusal; the log line it wrote.
    std::string refusal(const manifest::PluginSpec& spec) {
        LogCapture log;
        auto p = loader.load(spec);
        CPPUNIT_ASSERT_MESSAGE(spec.library + " loaded", !p);
        return log.text();
    }
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

class PluginLoaderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginLoaderTest);
    CPPUNIT_TEST(loadsTheAbi10PluginAndItAnswersThroughTheHost);
    CPPUNIT_TEST(loadsAPluginOfThisAbi);
    CPPUNIT_TEST(refusesAnotherMajor);
    CPPUNIT_TEST(refusesANewerMinorUnlessItCopes);
    CPPUNIT_TEST(refusesALibraryWithoutTheEntrySymbol);
    CPPUNIT_TEST(refusesAPluginWhoseInitFails);
    CPPUNIT_TEST(refusesAMissingLibrary);
    CPPUNIT_TEST(refusesAConfigKeyThePluginDoesNotDeclare);
    CPPUNIT_TEST(refusesAMissingDescriptor);
    CPPUNIT_TEST_SUITE_END();

public:
    void loadsTheAbi10PluginAndItAnswersThroughTheHost() {
        LoaderRig rig;
        auto p = rig.loader.load(LoaderRig::spec("abi10", "tests/abi/libabi10.so"));
        CPPUNIT_ASSERT(p);
        CPPUNIT_ASSERT_EQUAL(std::string("abi10"), p->name());
        CPPUNIT_ASSERT_EQUAL(uint16_t(1), p->descriptor().abi_major);
        CPPUNIT_ASSERT_EQUAL(uint16_t(0), p->descriptor().abi_minor);
        const ipf_handler_def* hello = p->handler("hello");
        CPPUNIT_ASSERT(hello);
        CPPUNIT_ASSERT(!p->handler("nope"));
        CPPUNIT_ASSERT(!p->openapiFragment().empty());

        pipeline::Exchange ex;
        ex.raw_query = "name=loader";
        CPPUNIT_ASSERT_EQUAL(IPF_OK, hello->fn(p->state(), reinterpret_cast<const ipf_request*>(&ex),
                                               reinterpret_cast<ipf_response*>(&ex)));
        CPPUNIT_ASSERT_EQUAL(200, ex.response.status);
        CPPUNIT_ASSERT_EQUAL(std::string("hello loader from ABI 1.0\n"), ex.response.body);
    }

    void loadsAPluginOfThisAbi() {
        LoaderRig rig;
        auto p = rig.loader.load(LoaderRig::spec("busy", "tests/plugins/busy/libbusy.so"));
        CPPUNIT_ASSERT(p);
        CPPUNIT_ASSERT_EQUAL(uint16_t(IPF_ABI_MAJOR), p->descriptor().abi_major);
        CPPUNIT_ASSERT(p->handler("spin"));
    }

    void refusesAnotherMajor() {
        LoaderRig rig;
        auto log = rig.refusal(LoaderRig::spec("wrong", "tests/abi/libabi_wrong_major.so"));
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "plugin=wrong refused: built for ABI major 2"));
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "rebuild the plugin against this SDK"));
    }

    void refusesANewerMinorUnlessItCopes() {
        LoaderRig rig;
        auto log = rig.refusal(LoaderRig::spec("newer", "tests/abi/libabi_newer_minor.so"));
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "requires ABI 1.99"));
        CPPUNIT_ASSERT(rig.loader.load(LoaderRig::spec("copes", "tests/abi/libabi_copes_minor.so")));
    }

    void refusesALibraryWithoutTheEntrySymbol() {
        LoaderRig rig;
        auto log = rig.refusal(LoaderRig::spec("typo", "tests/abi/libabi_no_entry.so"));
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "exports no " IPF_ENTRY_SYMBOL_V1 " symbol"));
    }

    void refusesAPluginWhoseInitFails() {
        LoaderRig rig;
        auto log = rig.refusal(LoaderRig::spec("fails", "tests/abi/libabi_init_fails.so"));
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "init failed: the test plugin refuses to start"));
    }

    void refusesAMissingLibrary() {
        LoaderRig rig;
        auto log = rig.refusal(LoaderRig::spec("ghost", "tests/abi/libno_such_plugin.so"));
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "plugin=ghost refused: cannot load:"));
    }

    void refusesAConfigKeyThePluginDoesNotDeclare() {
        LoaderRig rig;
        auto spec = LoaderRig::spec("busy", "tests/plugins/busy/libbusy.so");
        spec.config = {{"colour", "red"}};
        spec.config_lines = {{"colour", 14}};
        auto log = rig.refusal(spec);
        CPPUNIT_ASSERT_MESSAGE(log, has(log, "/etc/ipfacts/ipfacts.yaml:14: plugin busy: unknown config key 'colour'"));
    }

    void refusesAMissingDescriptor() {
        auto why = plugins::PluginLoader::refusal(nullptr);
        CPPUNIT_ASSERT(why);
        CPPUNIT_ASSERT(has(*why, "returned no descriptor"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PluginLoaderTest);
