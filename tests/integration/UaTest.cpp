// /api/v1/ua over HTTP: every case of tests/fixtures/ua-cases.yaml, the
// caller's own UA, and bad input.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <yaml-cpp/yaml.h>

using namespace ipfacts::testing;

namespace {

/// Compares one {name, version} pair; a version is checked only where the case
/// gives one, and a part the case leaves out not at all.
void assertPart(const std::string& ua, const char* part, const YAML::Node& want, Poco::JSON::Object::Ptr got) {
    if (!want) return;
    auto obj = got->getObject(part);
    std::string where = std::string(part) + " of '" + ua + "'";
    CPPUNIT_ASSERT_MESSAGE(where, obj);
    auto name = obj->get("name");
    if (want["name"].IsNull()) CPPUNIT_ASSERT_MESSAGE(where + " name should be null", name.isEmpty());
    else CPPUNIT_ASSERT_EQUAL_MESSAGE(where, want["name"].as<std::string>(), name.isEmpty() ? "<null>" : name.toString());
    if (want["version"] && !want["version"].IsNull()) {
        auto v = obj->get("version");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(where, want["version"].as<std::string>(), v.isEmpty() ? "<null>" : v.toString());
    }
}

}  // namespace

class UaTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UaTest);
    CPPUNIT_TEST(everyFixtureCaseOverHttp);
    CPPUNIT_TEST(callersOwnUserAgentIsParsed);
    CPPUNIT_TEST(curlIsCli);
    CPPUNIT_TEST(absentUserAgentIsAnsweredSensibly);
    CPPUNIT_TEST(repeatedUaIs400);
    CPPUNIT_TEST(overlongUaIs400);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyFixtureCaseOverHttp() {
        auto cases = YAML::LoadFile(Service::sourceDir() + "/tests/fixtures/ua-cases.yaml")["cases"];
        CPPUNIT_ASSERT(cases.size() >= 500);
        HttpClient c("127.0.0.1", Service::instance().port());
        for (const auto& tc : cases) {
            std::string ua = tc["ua"].as<std::string>();
            auto r = c.get("/api/v1/ua?ua=" + urlEncode(ua));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, 200, r.status);
            auto body = parseJson(r.body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, ua, body->getValue<std::string>("user_agent"));
            assertPart(ua, "browser", tc["browser"], body);
            assertPart(ua, "engine", tc["engine"], body);
            assertPart(ua, "os", tc["os"], body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, tc["device"].as<std::string>(), body->getValue<std::string>("device"));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, tc["bot"].as<bool>(), body->getValue<bool>("bot"));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, tc["cli"].as<bool>(), body->getValue<bool>("cli"));
        }
    }

    void callersOwnUserAgentIsParsed() {
        auto r = get("/api/v1/ua", {"User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0"});
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("Firefox"), body->getObject("browser")->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Gecko"), body->getObject("engine")->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("desktop"), body->getValue<std::string>("device"));
        CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"), *r.header("Cache-Control"));
    }

    void curlIsCli() {
        auto body = parseJson(get("/api/v1/ua?ua=curl/8.5.0").body);
        CPPUNIT_ASSERT(body->getValue<bool>("cli"));
        CPPUNIT_ASSERT(!body->getValue<bool>("bot"));
        CPPUNIT_ASSERT_EQUAL(std::string("cli"), body->getValue<std::string>("device"));
    }

    void absentUserAgentIsAnsweredSensibly() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw("GET /api/v1/ua HTTP/1.1\r\nHost: a\r\n\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r && r->status == 200);
        Service::instance().record("GET", "/api/v1/ua", *r);
        auto body = parseJson(r->body);
        CPPUNIT_ASSERT_EQUAL(std::string(""), body->getValue<std::string>("user_agent"));
        CPPUNIT_ASSERT(body->getObject("browser")->get("name").isEmpty());
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), body->getValue<std::string>("device"));
    }

    void repeatedUaIs400() {
        auto r = get("/api/v1/ua?ua=a&ua=b");
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), parseJson(r.body)->getValue<std::string>("error"));
    }

    void overlongUaIs400() {
        // Longer than the plugin's 2048-byte limit, within the server's own limits.
        auto param = get("/api/v1/ua?ua=" + std::string(2100, 'a'));
        CPPUNIT_ASSERT_EQUAL(400, param.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), parseJson(param.body)->getValue<std::string>("error"));
        // The same in the caller's own header is a header too large.
        auto header = get("/api/v1/ua", {"User-Agent: " + std::string(4000, 'b')});
        CPPUNIT_ASSERT_EQUAL(431, header.status);
        CPPUNIT_ASSERT_EQUAL(std::string("request_too_large"), parseJson(header.body)->getValue<std::string>("error"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UaTest);
