// FacilityRegistry: facilities start in the order of what they need and stop
// in reverse; a duplicate, a need nobody registers or a cycle is refused by
// name; the manifest's facility sections and top-level keys come from the
// registry. The greeting facility (greeting/, built for tests only) shows a
// facility registered from its own folder reaching the manifest, the start,
// /readyz and /metrics with no host file naming it.
#include "host/facilities/Catalogue.h"
#include "host/facilities/FacilityRegistry.h"
#include "host/manifest/Manifest.h"
#include "host/server/Readiness.h"
#include "tests/unit/registry/greeting/GreetingFacility.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace ipfacts::facilities {
void registerGreeting(FacilityRegistry& r);
}

using namespace ipfacts;
using facilities::FacilityEntry;
using facilities::FacilityRegistry;

namespace {

/// A facility that writes its name into `log` when it stops.
class LoggedFacility : public facilities::Facility {
public:
    LoggedFacility(std::string name, std::vector<std::string>& log) : name_(std::move(name)), log_(log) {}
    ~LoggedFacility() override { log_.push_back(name_); }
    const char* name() const override { return name_.c_str(); }
    void fill(ipf_host_api&) const override {}

private:
    std::string name_;
    std::vector<std::string>& log_;
};

/// An entry always on, needing `needs`, which logs its start into `started` and its stop into `stopped`.
FacilityEntry logged(const std::string& name, std::vector<std::string> needs, std::vector<std::string>& started,
                     std::vector<std::string>& stopped) {
    FacilityEntry e;
    e.name = name;
    e.needs = std::move(needs);
    e.configured = [](const manifest::Manifest&) { return true; };
    e.start = [name, &started, &stopped](facilities::FacilitySet& set, const manifest::Manifest&) {
        started.push_back(name);
        set.add(std::make_unique<LoggedFacility>(name, stopped));
    };
    return e;
}

std::vector<std::string> names(const std::vector<const FacilityEntry*>& entries) {
    std::vector<std::string> out;
    for (const auto* e : entries) out.push_back(e->name);
    return out;
}

std::string refusal(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::logic_error& e) {
        return e.what();
    }
    return "";
}

/// The host's facilities and the greeting one.
FacilityRegistry withGreeting() {
    FacilityRegistry r;
    facilities::registerBuiltinFacilities(r);
    facilities::registerGreeting(r);
    return r;
}

}  // namespace

class FacilityRegistryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FacilityRegistryTest);
    CPPUNIT_TEST(needsComeFirst);
    CPPUNIT_TEST(teardownIsTheReverse);
    CPPUNIT_TEST(duplicatesAreRefused);
    CPPUNIT_TEST(aMissingNeedOrACycleIsRefused);
    CPPUNIT_TEST(theHostsFacilitiesInOrder);
    CPPUNIT_TEST(sectionsAndKeysComeFromTheRegistry);
    CPPUNIT_TEST(anUnknownTopLevelKeyIsRefusedWithItsLine);
    CPPUNIT_TEST(aFacilityFromItsOwnFolderRunsEverywhere);
    CPPUNIT_TEST_SUITE_END();

    std::string dir_;

    std::string write(const std::string& sections) const {
        const std::string path = dir_ + "/m.yaml";
        std::ofstream(path) << "state_dir: " << dir_ << "\n"
                            << "plugins: { ip: {} }\nroutes:\n  - { path: /ip, handler: ip.address }\n"
                            << sections;
        return path;
    }

public:
    void setUp() override {
        char tmpl[] = "/tmp/ipfacts-facility-registry-XXXXXX";
        CPPUNIT_ASSERT(mkdtemp(tmpl));
        dir_ = tmpl;
    }
    void tearDown() override { std::filesystem::remove_all(dir_); }

    void needsComeFirst() {
        std::vector<std::string> started, stopped;
        FacilityRegistry r;
        r.add(logged("c", {"b"}, started, stopped));
        r.add(logged("b", {"a"}, started, stopped));
        r.add(logged("a", {}, started, stopped));
        r.add(logged("d", {}, started, stopped));
        CPPUNIT_ASSERT((names(r.ordered()) == std::vector<std::string>{"a", "b", "c", "d"}));
        auto set = facilities::startFacilities(manifest::Manifest{}, r);
        CPPUNIT_ASSERT((started == std::vector<std::string>{"a", "b", "c", "d"}));
        CPPUNIT_ASSERT((set->configured() == std::vector<std::string>{"a", "b", "c", "d"}));
    }

    void teardownIsTheReverse() {
        std::vector<std::string> started, stopped;
        FacilityRegistry r;
        r.add(logged("privacy", {"http", "tasks"}, started, stopped));
        r.add(logged("http", {}, started, stopped));
        r.add(logged("tasks", {}, started, stopped));
        facilities::startFacilities(manifest::Manifest{}, r).reset();
        CPPUNIT_ASSERT((started == std::vector<std::string>{"http", "tasks", "privacy"}));
        CPPUNIT_ASSERT((stopped == std::vector<std::string>{"privacy", "tasks", "http"}));
    }

    void duplicatesAreRefused() {
        std::vector<std::string> started, stopped;
        FacilityRegistry r;
        r.add(logged("http", {}, started, stopped));
        CPPUNIT_ASSERT_EQUAL(std::string("facility 'http' is registered twice"),
                             refusal([&] { r.add(logged("http", {}, started, stopped)); }));
        auto a = logged("a", {}, started, stopped);
        a.section.key = "shared";
        r.add(a);
        auto b = logged("b", {}, started, stopped);
        b.section.key = "shared";
        CPPUNIT_ASSERT_EQUAL(std::string("facilities 'a' and 'b' both read the manifest's shared: section"),
                             refusal([&] { r.add(b); }));
        FacilityEntry nothing;
        nothing.name = "idle";
        CPPUNIT_ASSERT_EQUAL(std::string("facility 'idle' is registered without a start"),
                             refusal([&] { r.add(nothing); }));
    }

    void aMissingNeedOrACycleIsRefused() {
        std::vector<std::string> started, stopped;
        FacilityRegistry missing;
        missing.add(logged("privacy", {"htp"}, started, stopped));
        CPPUNIT_ASSERT_EQUAL(std::string("facility 'privacy' needs 'htp', which no facility registers"),
                             refusal([&] { missing.ordered(); }));
        CPPUNIT_ASSERT_EQUAL(std::string("facility 'privacy' needs 'htp', which no facility registers"),
                             refusal([&] { facilities::startFacilities(manifest::Manifest{}, missing); }));
        CPPUNIT_ASSERT(started.empty());  // refused before anything started
        FacilityRegistry cycle;
        cycle.add(logged("a", {"b"}, started, stopped));
        cycle.add(logged("b", {"c"}, started, stopped));
        cycle.add(logged("c", {"a"}, started, stopped));
        CPPUNIT_ASSERT_EQUAL(std::string("facilities need each other: a -> b -> c -> a"),
                             refusal([&] { cycle.ordered(); }));
    }

    void theHostsFacilitiesInOrder() {
        const auto order = names(facilities::builtinFacilities().ordered());
        auto at = [&order](const char* name) {
            auto it = std::find(order.begin(), order.end(), name);
            CPPUNIT_ASSERT_MESSAGE(name, it != order.end());
            return it - order.begin();
        };
        for (const char* need : {"http", "netdb", "resolver", "tasks"}) CPPUNIT_ASSERT(at(need) < at("privacy"));
        for (const char* need : {"netdb", "store"}) CPPUNIT_ASSERT(at(need) < at("dnsleak"));
        CPPUNIT_ASSERT_EQUAL(size_t(11), order.size());
        // Configured without starting (--check-config): the always-on ones and the sections present.
        const auto m = manifest::loadManifest(write("cache: { max_bytes: 8192 }\n"));
        const auto configured = facilities::configuredFacilities(m);
        CPPUNIT_ASSERT((configured == std::vector<std::string>{"cache", "store", "tasks"}));
    }

    void sectionsAndKeysComeFromTheRegistry() {
        const std::string greeting = "greeting: { text: bonjour }\n";
        // The host's registry has no greeting: its key is not allowed.
        std::string e;
        try {
            manifest::loadManifest(write(greeting));
        } catch (const manifest::ManifestError& ex) {
            e = ex.what();
        }
        CPPUNIT_ASSERT_EQUAL(dir_ + "/m.yaml:5: unknown key 'greeting' in the manifest", e);
        // With the greeting facility registered, the reader its folder gives reads it.
        const auto m = manifest::loadManifest(write(greeting), withGreeting().sections());
        const auto* config = m.section<facilities::greeting::GreetingConfig>();
        CPPUNIT_ASSERT(config);
        CPPUNIT_ASSERT_EQUAL(std::string("bonjour"), config->text);
        // Its reader's errors are the manifest's, with the line.
        try {
            manifest::loadManifest(write("greeting:\n  ready: maybe\n"), withGreeting().sections());
            CPPUNIT_FAIL("greeting.ready: maybe was read");
        } catch (const manifest::ManifestError& ex) {
            CPPUNIT_ASSERT_EQUAL(dir_ + "/m.yaml:6: greeting.ready must be true or false", std::string(ex.what()));
        }
    }

    void anUnknownTopLevelKeyIsRefusedWithItsLine() {
        try {
            manifest::loadManifest(write("privacyy: {}\n"));
            CPPUNIT_FAIL("privacyy was read");
        } catch (const manifest::ManifestError& ex) {
            CPPUNIT_ASSERT_EQUAL(dir_ + "/m.yaml:5: unknown key 'privacyy' in the manifest", std::string(ex.what()));
        }
    }

    void aFacilityFromItsOwnFolderRunsEverywhere() {
        const FacilityRegistry r = withGreeting();
        const auto m = manifest::loadManifest(write("greeting: { text: bonjour, ready: false }\n"), r.sections());
        const auto configured = facilities::configuredFacilities(m, r);
        CPPUNIT_ASSERT(std::find(configured.begin(), configured.end(), "greeting") != configured.end());
        auto set = facilities::startFacilities(m, r);
        auto* greeting = set->get<facilities::greeting::GreetingFacility>();
        CPPUNIT_ASSERT(greeting);
        CPPUNIT_ASSERT(greeting->storeStarted());  // what it needs started first
        // /readyz walks the set: its check is there, by its name.
        server::Readiness readiness(*set, {}, {});
        pipeline::Exchange ex;
        readiness.serveReady(ex);
        CPPUNIT_ASSERT_EQUAL(503, ex.response.status);
        CPPUNIT_ASSERT_MESSAGE(
            ex.response.body,
            ex.response.body.find(R"({"name":"greeting","ok":false,"detail":"told not to be ready)") !=
                std::string::npos);
        // Its check's name is among the ones the /readyz schema lists.
        CPPUNIT_ASSERT(
            (facilities::builtinFacilities().readinessChecks() == std::vector<std::string>{"netdb", "store"}));
        CPPUNIT_ASSERT((r.readinessChecks() == std::vector<std::string>{"netdb", "store", "greeting"}));
        // /metrics walks the set too.
        const auto families = set->metrics(0);
        CPPUNIT_ASSERT(std::any_of(families.begin(), families.end(),
                                   [](const auto& f) { return f.name == "ipfacts_greeting_info"; }));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FacilityRegistryTest);
