// Host routes: each host handler's behaviour comes from its declaration
// (HostHandlerDef), bound by name, not from its place in a list; a route may
// still say access_log itself; a handler answering through a plugin that did
// not load is skipped, as a plugin's route is.
#include "host/manifest/Manifest.h"
#include "host/server/HostRoutes.h"
#include "host/server/RouteBinding.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace ipfacts;

namespace {

manifest::Manifest manifestOf(const std::string& routes) {
    const auto dir = std::filesystem::temp_directory_path() / "ipfacts-host-routes-test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "m.yaml").string();
    std::ofstream(path) << "plugins: { ip: {} }\nroutes:\n" << routes;
    return manifest::loadManifest(path);
}

const pipeline::Route& routeAt(const server::BoundRoutes& b, const std::string& path) {
    for (const auto& r : b.routes)
        if (r.spec.path == path) return r;
    CPPUNIT_FAIL("no route " + path);
    return b.routes.front();
}

}  // namespace

class HostRoutesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HostRoutesTest);
    CPPUNIT_TEST(behaviourComesFromTheDeclaration);
    CPPUNIT_TEST(aRouteMaySayAccessLogItself);
    CPPUNIT_TEST(theFrontDoorNeedsTheIpPlugin);
    CPPUNIT_TEST(aFacilitysRoutesComeWithItsRegistration);
    CPPUNIT_TEST_SUITE_END();

public:
    void behaviourComesFromTheDeclaration() {
        const auto m = manifestOf(
            "  - { path: /healthz, handler: host.healthz }\n"
            "  - { path: /readyz, handler: host.readyz }\n"
            "  - { path: /api/openapi.json, handler: host.openapi }\n");
        server::checkHostRoutes(m);
        const auto handlers = server::hostHandlers({});
        const auto bound = server::bindRoutes(m, {}, handlers);
        CPPUNIT_ASSERT(bound.skipped.empty());
        const auto& health = routeAt(bound, "/healthz");
        CPPUNIT_ASSERT_EQUAL(std::string("healthz"), handlers.at(size_t(health.host_handler)).name);
        CPPUNIT_ASSERT(health.nonblocking && !health.spec.access_log && !health.accepts_post);
        const auto& ready = routeAt(bound, "/readyz");
        CPPUNIT_ASSERT_EQUAL(std::string("readyz"), handlers.at(size_t(ready.host_handler)).name);
        CPPUNIT_ASSERT(!ready.nonblocking && !ready.spec.access_log);  // reads the store: on a worker
        const auto& doc = routeAt(bound, "/api/openapi.json");
        CPPUNIT_ASSERT(doc.nonblocking && doc.spec.access_log);
        CPPUNIT_ASSERT(!bound.operations.at(2).host_operation.empty());
    }

    void aRouteMaySayAccessLogItself() {
        const auto m = manifestOf("  - { path: /healthz, handler: host.healthz, access_log: true }\n");
        const auto bound = server::bindRoutes(m, {}, server::hostHandlers({}));
        CPPUNIT_ASSERT(routeAt(bound, "/healthz").spec.access_log);
    }

    void theFrontDoorNeedsTheIpPlugin() {
        const auto m = manifestOf(
            "  - { path: /, handler: host.front }\n"
            "  - { path: /ip, handler: ip.address }\n"
            "  - { path: /json, handler: ip.report }\n");
        server::checkHostRoutes(m);
        const auto bound = server::bindRoutes(m, {}, server::hostHandlers({}));
        CPPUNIT_ASSERT((bound.skipped == std::vector<std::string>{"/", "/ip", "/json"}));  // ip is not loaded
        CPPUNIT_ASSERT(bound.routes.empty());
    }
    /// The DNS leak test's routes reach the host's list through its registration
    /// (FacilityEntry::handlers), and refuse a manifest without its section.
    void aFacilitysRoutesComeWithItsRegistration() {
        const auto handlers = server::hostHandlers({});
        auto named = [&](const std::string& n) {
            return std::find_if(handlers.begin(), handlers.end(), [&](const auto& h) { return h.name == n; });
        };
        for (const char* n : {"dnsleak_start", "dnsleak_session", "dnsleak_page"})
            CPPUNIT_ASSERT_MESSAGE(n, named(n) != handlers.end());
        const auto m = manifestOf("  - { path: /dnsleak, handler: host.dnsleak_page }\n");
        CPPUNIT_ASSERT_NO_THROW(server::checkHostRoutes(m));  // served as not_implemented without its section
        CPPUNIT_ASSERT_THROW(server::checkHostRoutes(manifestOf("  - { path: /x, handler: host.no_such }\n")),
                             manifest::ManifestError);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HostRoutesTest);
