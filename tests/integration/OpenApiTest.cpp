// /api/openapi.json: assembled from the loaded plugins only.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

class OpenApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OpenApiTest);
    CPPUNIT_TEST(describesVersionAndEveryRoute);
    CPPUNIT_TEST(refusedPluginsHaveNoPaths);
    CPPUNIT_TEST(serverIsTheAddressClientsCall);
    CPPUNIT_TEST_SUITE_END();

public:
    void describesVersionAndEveryRoute() {
        auto r = get("/api/openapi.json");
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=3600"), *r.header("Cache-Control"));
        auto doc = parseJson(r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("3.1.0"), doc->getValue<std::string>("openapi"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.0.0"), doc->getObject("info")->getValue<std::string>("version"));
        auto paths = doc->getObject("paths");
        for (const char* p : {"/ip", "/api/v1/headers", "/api/v1/ua", "/api/v1/dnsleak/{session}", "/api/openapi.json",
                              "/limited/ip", "/example/hello", "/abi/v10"})
            CPPUNIT_ASSERT_MESSAGE(p, paths->has(p));
        CPPUNIT_ASSERT(doc->getObject("components")->getObject("schemas")->has("ErrorResponse"));
        CPPUNIT_ASSERT(doc->getObject("components")->getObject("schemas")->has("HelloResponse"));
    }

    void refusedPluginsHaveNoPaths() {
        auto paths = parseJson(get("/api/openapi.json").body)->getObject("paths");
        for (const char* p : {"/abi/wrong-major", "/abi/newer-minor", "/abi/init-fails", "/abi/no-entry"})
            CPPUNIT_ASSERT_MESSAGE(p, !paths->has(p));
    }

    /// A client generated from the document calls the daemon that served it: without
    /// service.url, the address links in mail name (accounts.link_base_url), here this
    /// loopback port; never https://<service.host> (ipfacts.test does not exist).
    void serverIsTheAddressClientsCall() {
        auto doc = parseJson(get("/api/openapi.json").body);
        const std::string url = doc->getArray("servers")->getObject(0)->getValue<std::string>("url");
        CPPUNIT_ASSERT_EQUAL("http://127.0.0.1:" + std::to_string(Service::instance().port()), url);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OpenApiTest);
