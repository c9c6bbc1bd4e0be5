// /healthz and /readyz: liveness always, readiness that names what is missing
// (the suite's own daemon loads plugins it expects refused, so it is not
// ready), and neither in the access log.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

class HealthTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HealthTest);
    CPPUNIT_TEST(healthzSaysOk);
    CPPUNIT_TEST(readyzNamesRefusedPluginsAndTheirRoutes);
    CPPUNIT_TEST(readyWhenEverythingLoaded);
    CPPUNIT_TEST(neitherIsInTheAccessLog);
    CPPUNIT_TEST_SUITE_END();

public:
    void healthzSaysOk() {
        auto r = get("/healthz");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("ok\n"), r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), *r.header("Cache-Control"));
    }

    void readyzNamesRefusedPluginsAndTheirRoutes() {
        auto r = get("/readyz");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 503, r.status);
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT(!body->getValue<bool>("ready"));
        auto plugins = readyzCheck(body, "plugins");
        CPPUNIT_ASSERT(!plugins->getValue<bool>("ok"));
        const std::string detail = plugins->getValue<std::string>("detail");
        for (const char* p : {"wrong_major", "newer_minor", "init_fails", "no_entry"})
            CPPUNIT_ASSERT_MESSAGE(detail, detail.find(p) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(detail, detail.find("copes_minor") == std::string::npos);  // it loads
        auto routes = readyzCheck(body, "routes");
        CPPUNIT_ASSERT(!routes->getValue<bool>("ok"));
        CPPUNIT_ASSERT(routes->getValue<std::string>("detail").find("/abi/wrong-major") != std::string::npos);
        CPPUNIT_ASSERT(readyzCheck(body, "netdb")->getValue<bool>("ok"));
        CPPUNIT_ASSERT(readyzCheck(body, "store")->getValue<bool>("ok"));
        CPPUNIT_ASSERT(readyzCheck(body, "serving")->getValue<bool>("ok"));
    }

    void readyWhenEverythingLoaded() {
        Service s("ready", withoutRefusedPlugins);
        s.start();
        HttpClient c("127.0.0.1", s.port());
        auto r = c.get("/readyz");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT(body->getValue<bool>("ready"));
        for (const char* name : {"plugins", "routes", "netdb", "store", "serving"})
            CPPUNIT_ASSERT_MESSAGE(name, readyzCheck(body, name)->getValue<bool>("ok"));
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }

    void neitherIsInTheAccessLog() {
        Service& s = Service::instance();
        HttpClient c("127.0.0.1", s.port());
        CPPUNIT_ASSERT_EQUAL(200, c.get("/healthz?_=probe-access-log").status);
        CPPUNIT_ASSERT_EQUAL(503, c.get("/readyz?_=probe-access-log").status);
        const std::string log = s.accessLogThrough(c, "/ip?_=after-health-probes");
        CPPUNIT_ASSERT(log.find(" /ip?_=after-health-probes ") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(log, log.find("probe-access-log") == std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HealthTest);
