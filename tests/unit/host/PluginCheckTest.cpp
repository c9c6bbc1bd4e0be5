// PluginCheck: what the loader and --check-config refuse of a plugin's
// declarations, each problem with the manifest's file and line: a required
// facility not configured, and config values outside the one table the
// plugin declares (type, range, required, a file that does not read). A
// descriptor older than ABI 1.7 carries no ranges and is checked for types only.
#include "host/plugins/PluginCheck.h"

#include <ipfacts/config_keys.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>
#include <filesystem>
#include <fstream>

using namespace ipfacts;

namespace {

struct TablePlugin {
    static constexpr ConfigKey kConfig[] = {requiredPath("catalogue", "the catalogue"),
                                            integerKey("port", 1, 65535, "443", "the port"),
                                            booleanKey("verbose", "false", "say more")};
};
const char* const kRequired[] = {"resolver", "netdb", nullptr};

ipf_plugin_descriptor descriptor() {
    ipf_plugin_descriptor d{};
    d.struct_size = sizeof d;
    d.abi_major = IPF_ABI_MAJOR;
    d.abi_minor = IPF_ABI_MINOR;
    d.required_facilities = kRequired;
    d.config_keys = detail::DeclaresConfig<TablePlugin>::keys();
    d.config_ranges = detail::DeclaresConfig<TablePlugin>::ranges();
    return d;
}

/// The manifest with plugin `p` configured by `config` (a YAML flow map) on line 3.
manifest::Manifest manifestWith(const std::string& config) {
    auto dir = std::filesystem::temp_directory_path() / "ipfacts-plugin-check-test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "catalogue.yaml") << "{}\n";
    const std::string path = (dir / "m.yaml").string();
    std::ofstream(path) << "service: { host: ipfacts.example }\nplugins:\n  p: { library: p, config: " << config
                        << " }\nroutes:\n  - { path: /p, handler: p.answer }\n";
    return manifest::loadManifest(path);
}

std::string joined(const std::vector<std::string>& problems) {
    std::string out;
    for (const std::string& p : problems) out += p + "\n";
    return out;
}

}  // namespace

class PluginCheckTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginCheckTest);
    CPPUNIT_TEST(acceptsWhatTheTableAllows);
    CPPUNIT_TEST(refusesWithFileAndLine);
    CPPUNIT_TEST(aDescriptorBefore17HasNoRanges);
    CPPUNIT_TEST_SUITE_END();

public:
    void acceptsWhatTheTableAllows() {
        const manifest::Manifest m = manifestWith("{ catalogue: catalogue.yaml, port: 65535, verbose: true }");
        CPPUNIT_ASSERT_EQUAL(
            std::string(), joined(plugins::checkDeclarations(m, m.plugins.at(0), descriptor(), {"netdb", "resolver"})));
    }

    void refusesWithFileAndLine() {
        const manifest::Manifest m = manifestWith("{ catalogue: nowhere.yaml, port: 70000, verbose: yes }");
        const std::string at = m.file + ":3: plugin p: ";
        CPPUNIT_ASSERT_EQUAL(
            at + "requires the resolver facility, which the manifest does not configure (add a resolver: section)\n" +
                at + "config key port must be an integer from 1 to 65535, not '70000'\n" + at +
                "config key verbose must be true or false, not 'yes'\n" + at + "config key catalogue: cannot read " +
                m.dir + "/nowhere.yaml\n",
            joined(plugins::checkDeclarations(m, m.plugins.at(0), descriptor(), {"netdb"})));
        const manifest::Manifest none = manifestWith("{ port: 80 }");
        CPPUNIT_ASSERT_EQUAL(
            at + "config key catalogue is required (the catalogue)\n",
            joined(plugins::checkDeclarations(none, none.plugins.at(0), descriptor(), {"netdb", "resolver"})));
    }

    void aDescriptorBefore17HasNoRanges() {
        ipf_plugin_descriptor d = descriptor();
        d.struct_size = offsetof(ipf_plugin_descriptor, config_ranges);  // as a 1.6 plugin knew it
        const manifest::Manifest m = manifestWith("{ catalogue: catalogue.yaml, port: 70000 }");
        CPPUNIT_ASSERT_EQUAL(std::string(),
                             joined(plugins::checkDeclarations(m, m.plugins.at(0), d, {"netdb", "resolver"})));
        const manifest::Manifest typed = manifestWith("{ catalogue: catalogue.yaml, port: many }");
        CPPUNIT_ASSERT_EQUAL(typed.file + ":3: plugin p: config key port must be an integer, not 'many'\n",
                             joined(plugins::checkDeclarations(typed, typed.plugins.at(0), d, {"netdb", "resolver"})));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PluginCheckTest);
