// The plugin contract said once: a plugin's one config table (ipfacts/config_keys.hpp)
// becomes its descriptor's config_keys and config_ranges, ipfacts::Config reads it
// with the defaults applied, and the fake host refuses what the host refuses
// (ipfacts/contract.hpp) in the host's words.
#include <ipfacts/config.hpp>
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>
#include <string>

namespace ipfacts {
namespace {

class TablePlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"resolver", nullptr};
    static constexpr ConfigKey kConfig[] = {requiredPath("catalogue", "the catalogue"),
                                            requiredResolver("lists", "the resolver lists are asked through"),
                                            integerKey("port", 1, 65535, "443", "the port"),
                                            integerKey("limit", -5, 5, nullptr, "no default"),
                                            booleanKey("verbose", "false", "say more"),
                                            stringKey("zones.*", nullptr, "one zone")};
    explicit TablePlugin(Host& host) : port(Config(host, kConfig).integer("port")) {}
    void answer(Request&, Response& resp) { resp.body("text/plain", std::to_string(port)); }
    int64_t port;
};

class NoConfigPlugin {
public:
    static constexpr auto kConfig = kNoConfig;
    explicit NoConfigPlugin(Host&) {}
    void answer(Request&, Response&) {}
};

// What the build refuses: a default outside its range, a required key with a default.
static_assert(detail::soundDeclaration(integerKey("a", 1, 10, "10", "d")));
static_assert(!detail::soundDeclaration(integerKey("a", 1, 10, "11", "d")));
static_assert(!detail::soundDeclaration(integerKey("a", 1, 10, "ten", "d")));
static_assert(!detail::soundDeclaration(integerKey("a", 10, 1, nullptr, "d")));
static_assert(!detail::soundDeclaration(booleanKey("a", "yes", "d")));
static_assert(!detail::soundDeclaration(ConfigKey{"a", IPF_CONFIG_PATH, true, "x", 0, 0, "d"}));

const ipf_handler_def kTableHandlers[] = {IPFACTS_HANDLER(TablePlugin, answer, IPF_HANDLER_NONBLOCKING)};
const ipf_handler_def kNoConfigHandlers[] = {IPFACTS_HANDLER(NoConfigPlugin, answer, IPF_HANDLER_NONBLOCKING)};

/// The descriptor IPFACTS_PLUGIN writes for P.
template <class P>
ipf_plugin_descriptor descriptorOf(const char* name, const ipf_handler_def* handlers) {
    return {sizeof(ipf_plugin_descriptor),
            IPF_ABI_MAJOR,
            IPF_ABI_MINOR,
            0,
            name,
            "1.0.0",
            "test plugin",
            handlers,
            1,
            &detail::init<P>,
            &detail::shutdown<P>,
            "{}",
            detail::Declares<P>::required(),
            detail::DeclaresConfig<P>::keys(),
            detail::DeclaresConfig<P>::ranges()};
}

/// A fake the table plugin loads into: its required key set, its resolver named.
struct TableFake : testing::FakeHost {
    TableFake() {
        config["catalogue"] = "catalogue.yaml";
        config["lists"] = "blocklists";
    }
};

/// The message LoadedPlugin throws for `d` on `fake`, or "" when it loads.
std::string refusal(testing::FakeHost& fake, const ipf_plugin_descriptor& d) {
    try {
        testing::LoadedPlugin plugin(fake, &d);
        return "";
    } catch (const std::runtime_error& e) {
        return e.what();
    }
}

}  // namespace

class PluginContractTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PluginContractTest);
    CPPUNIT_TEST(oneTableWritesTheDescriptorsKeysAndRanges);
    CPPUNIT_TEST(configReadsValuesWithTheDefaultsApplied);
    CPPUNIT_TEST(configRefusesAKeyTheTableLacks);
    CPPUNIT_TEST(fakeLoadsWhatTheHostLoads);
    CPPUNIT_TEST(fakeRefusesTheAbiTheHostRefuses);
    CPPUNIT_TEST(fakeRefusesAMissingRequiredFacility);
    CPPUNIT_TEST(fakeRefusesConfigTheHostRefuses);
    CPPUNIT_TEST(fakeRefusesAnyConfigOfAPluginThatTakesNone);
    CPPUNIT_TEST_SUITE_END();

public:
    void oneTableWritesTheDescriptorsKeysAndRanges() {
        const ipf_plugin_descriptor d = descriptorOf<TablePlugin>("table", kTableHandlers);
        CPPUNIT_ASSERT_EQUAL(std::string("port"), std::string(d.config_keys[2].key));
        CPPUNIT_ASSERT_EQUAL(uint32_t(IPF_CONFIG_INTEGER), d.config_keys[2].type);
        CPPUNIT_ASSERT_EQUAL(std::string("443"), std::string(d.config_keys[2].default_value));
        CPPUNIT_ASSERT_EQUAL(uint32_t(1), d.config_keys[0].required);
        CPPUNIT_ASSERT(d.config_keys[6].key == nullptr);  // six keys, then the end
        CPPUNIT_ASSERT_EQUAL(std::string("port"), std::string(d.config_ranges[0].key));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), d.config_ranges[0].min);
        CPPUNIT_ASSERT_EQUAL(int64_t(65535), d.config_ranges[0].max);
        CPPUNIT_ASSERT_EQUAL(std::string("limit"), std::string(d.config_ranges[1].key));
        CPPUNIT_ASSERT_EQUAL(int64_t(-5), d.config_ranges[1].min);
        CPPUNIT_ASSERT(d.config_ranges[2].key == nullptr);  // only integer keys have ranges
        const ipf_plugin_descriptor none = descriptorOf<NoConfigPlugin>("none", kNoConfigHandlers);
        CPPUNIT_ASSERT(none.config_keys != nullptr && none.config_keys[0].key == nullptr);
    }

    void configReadsValuesWithTheDefaultsApplied() {
        TableFake fake;
        const Host host = fake.host();
        const Config config(host, TablePlugin::kConfig);
        CPPUNIT_ASSERT_EQUAL(int64_t(443), config.integer("port"));
        CPPUNIT_ASSERT(!config.isSet("port"));
        CPPUNIT_ASSERT(!config.boolean("verbose"));
        CPPUNIT_ASSERT(!config.text("limit"));
        CPPUNIT_ASSERT_THROW(config.integer("limit"), std::logic_error);  // no value, no default
        fake.config["port"] = "8443";
        fake.config["limit"] = "-5";
        fake.config["verbose"] = "true";
        CPPUNIT_ASSERT_EQUAL(int64_t(8443), config.integer("port"));
        CPPUNIT_ASSERT(config.isSet("port"));
        CPPUNIT_ASSERT_EQUAL(int64_t(-5), config.integer("limit"));
        CPPUNIT_ASSERT(config.boolean("verbose"));
        CPPUNIT_ASSERT_EQUAL(std::string("catalogue.yaml"), config.path("catalogue"));
        // A value no host would pass reads as the host's refusal, not as a number.
        fake.config["port"] = "0";
        try {
            config.integer("port");
            CPPUNIT_FAIL("port 0 was read");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("config key port must be an integer from 1 to 65535, not '0'"),
                                 std::string(e.what()));
        }
    }

    void configRefusesAKeyTheTableLacks() {
        TableFake fake;
        const Host host = fake.host();
        CPPUNIT_ASSERT_THROW(Config(host, TablePlugin::kConfig).integer("prot"), std::logic_error);
    }

    void fakeLoadsWhatTheHostLoads() {
        TableFake fake;
        fake.config["port"] = "65535";
        fake.config["zones.0"] = "bl.test";
        fake.config["zones.count"] = "1";
        const ipf_plugin_descriptor d = descriptorOf<TablePlugin>("table", kTableHandlers);
        testing::LoadedPlugin plugin(fake, &d);
        plugin.call("answer");
        CPPUNIT_ASSERT_EQUAL(std::string("65535"), fake.written.body);
    }

    void fakeRefusesTheAbiTheHostRefuses() {
        TableFake fake;
        ipf_plugin_descriptor d = descriptorOf<TablePlugin>("table", kTableHandlers);
        d.abi_major = 2;
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: built for ABI major 2, this host speaks major 1; rebuild "
                                         "the plugin against this SDK"),
                             refusal(fake, d));
        d.abi_major = IPF_ABI_MAJOR;
        d.abi_minor = IPF_ABI_MINOR + 1;
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: requires ABI 1." + std::to_string(IPF_ABI_MINOR + 1) +
                                         ", newer than this host's 1." + std::to_string(IPF_ABI_MINOR) +
                                         ", and does not declare it copes with an older host"),
                             refusal(fake, d));
        d.flags = IPF_PLUGIN_COPES_WITH_OLDER_HOST;
        CPPUNIT_ASSERT_EQUAL(std::string(), refusal(fake, d));
        d.handler_count = 0;
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: descriptor lacks a name, init or handlers"),
                             refusal(fake, d));
    }

    void fakeRefusesAMissingRequiredFacility() {
        TableFake fake;
        fake.hasResolver = false;
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: requires the resolver facility, which the manifest does "
                                         "not configure (add a resolver: section)"),
                             refusal(fake, descriptorOf<TablePlugin>("table", kTableHandlers)));
    }

    void fakeRefusesConfigTheHostRefuses() {
        const ipf_plugin_descriptor d = descriptorOf<TablePlugin>("table", kTableHandlers);
        auto refusedWith = [&](const char* key, const char* value) {
            TableFake fake;
            fake.config[key] = value;
            return refusal(fake, d);
        };
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: unknown config key 'prot' (it has: catalogue, lists, port, "
                                         "limit, verbose, zones.*)"),
                             refusedWith("prot", "1"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("plugin refused: config key port must be an integer from 1 to 65535, not '443x'"),
            refusedWith("port", "443x"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("plugin refused: config key port must be an integer from 1 to 65535, not '65536'"),
            refusedWith("port", "65536"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("plugin refused: config key limit must be an integer from -5 to 5, not '99999999999999999999'"),
            refusedWith("limit", "99999999999999999999"));
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: config key verbose must be true or false, not 'yes'"),
                             refusedWith("verbose", "yes"));
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: config key lists names the resolver 'public', which "
                                         "resolver.named does not define (it has: blocklists)"),
                             refusedWith("lists", "public"));
        TableFake missing;
        missing.config.erase("catalogue");
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: config key catalogue is required (the catalogue)"),
                             refusal(missing, d));
    }

    void fakeRefusesAnyConfigOfAPluginThatTakesNone() {
        testing::FakeHost fake;
        fake.config["anything"] = "1";
        CPPUNIT_ASSERT_EQUAL(std::string("plugin refused: unknown config key 'anything' (it has: none)"),
                             refusal(fake, descriptorOf<NoConfigPlugin>("none", kNoConfigHandlers)));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PluginContractTest);

}  // namespace ipfacts
