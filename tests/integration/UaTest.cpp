// /api/v1/ua over HTTP: every case of tests/fixtures/ua-cases.yaml, the
// families of tests/fixtures/ua-corpus, the caller's own UA, and bad input.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <yaml-cpp/yaml.h>

#include <map>
#include <string>
#include <vector>

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
    if (want["name"].IsNull())
        CPPUNIT_ASSERT_MESSAGE(where + " name should be null", name.isEmpty());
    else
        CPPUNIT_ASSERT_EQUAL_MESSAGE(where, want["name"].as<std::string>(),
                                     name.isEmpty() ? "<null>" : name.toString());
    if (want["version"] && !want["version"].IsNull()) {
        auto v = obj->get("version");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(where, want["version"].as<std::string>(), v.isEmpty() ? "<null>" : v.toString());
    }
}

/// The engine's name in a UA answer, "<null>" when null.
std::string engineName(Poco::JSON::Object::Ptr body) {
    auto name = body->getObject("engine")->get("name");
    return name.isEmpty() ? "<null>" : name.toString();
}

/// A real UA of a family the rules once got wrong, and what the answer says.
struct FamilyCase {
    const char* family;
    const char* ua;
    const char* engine;  // "<null>" for null, nullptr when not checked
    const char* device;
};

const std::vector<FamilyCase>& familyCases() {
    static const std::vector<FamilyCase> cases = {
        {"Gecko token without /version", "Mozilla/5.0 (Windows NT 6.1; WOW64; rv:2.0.1) Gecko Firefox/5.0.1", "Gecko",
         "desktop"},
        {"Gecko token without /version", "Mozilla/5.0 (X11; U; Linux i686; en-IE; rv:1.6) Gecko Galeon", "Gecko",
         "desktop"},
        {"Opera Mini on iOS",
         "Opera/9.80 (J2ME/MIDP; Opera Mini/5.0 (iPhone; U; CPU iPhone OS 3_0 like Mac OS X; en-us) "
         "AppleWebKit/23.411; U; en) Presto/2.5.25 Version/10.54",
         "Presto", "mobile"},
        {"Opera Mini on iOS",
         "Opera/9.80 (J2ME/MIDP; Opera Mini/4.0 (iPad; U; CPU OS 3_2 like Mac OS X; en-us) AppleWebKit/23.411; U; en) "
         "Presto/2.5.25 Version/10.54",
         "Presto", "tablet"},
        {"bare WebKit token",
         "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) WebKit/8612 (KHTML, like Gecko) Mobile/19A346 "
         "[FBAN/FBIOS;FBDV/iPhone14,3;FBMD/iPhone;FBSN/iOS;FBSV/15.0;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]",
         "WebKit", "mobile"},
        {"bare WebKit token",
         "Mozilla/5.0 (Linux; U; Android 4.0.4; de-de; HTC-T329d/2.12.1401.3) AndroidWebKit/534.30 "
         "(KHTML, Like Gecko) Version/4.0 Mobile Safari/534.30",
         "WebKit", "mobile"},
        {"handset named alone", "SAMSUNG-SGH-E708", nullptr, "mobile"},
        {"handset named alone", "SonyEricssonK610a/R1CB", nullptr, "mobile"},
        {"handset named alone", "HTC Butterfly_4.3_weibo_4.2.6_android", nullptr, "mobile"},
        {"Android browser without Android token",
         "MQQBrowser/3.0/Adr (Linux; U; 4.0.4; zh-cn; HUAWEI U8950D Build/U8950DV100R001C17B939;540*960)", nullptr,
         "mobile"},
        {"Android browser without Android token",
         "UCWEB/2.0 (Linux; U; Adr LENOVO A10; id; LENOVO_A10) U2/1.0.0 UCBrowser/8.6.0.318 U2/1.0.0 Ponsel", nullptr,
         "mobile"},
        {"Windows Mobile handset", "HTC_Touch_HD_T8282 Opera/9.50 (Windows NT 5.1; U; ru)", "Presto", "mobile"},
        {"Windows Mobile handset", "PIAWindows/1.0 Name/HTC-Kaiser Software/5.2.19214 appMode/2", nullptr, "mobile"},
        {"Windows Mobile handset", "ODML/1.0 (WinCE; 7.10.8107; NOKIA; Lumia 710)", nullptr, "mobile"},
    };
    return cases;
}

}  // namespace

class UaTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UaTest);
    CPPUNIT_TEST(everyFixtureCaseOverHttp);
    CPPUNIT_TEST(onceMisreadFamiliesOverHttp);
    CPPUNIT_TEST(corpusOverHttpHoldsEachFamilysFloor);
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

    void onceMisreadFamiliesOverHttp() {
        HttpClient c("127.0.0.1", Service::instance().port());
        for (const FamilyCase& fc : familyCases()) {
            std::string where = std::string(fc.family) + ": " + fc.ua;
            auto r = c.get("/api/v1/ua?ua=" + urlEncode(fc.ua));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, 200, r.status);
            auto body = parseJson(r.body);
            if (fc.engine) CPPUNIT_ASSERT_EQUAL_MESSAGE(where, std::string(fc.engine), engineName(body));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, std::string(fc.device), body->getValue<std::string>("device"));
            CPPUNIT_ASSERT_MESSAGE(where, !body->getValue<bool>("bot") && !body->getValue<bool>("cli"));
        }
    }

    /// The corpus's per-family floors hold for the answers the daemon sends,
    /// as they do for the parser alone (unit.ua).
    void corpusOverHttpHoldsEachFamilysFloor() {
        auto root = YAML::LoadFile(Service::sourceDir() + "/tests/fixtures/ua-corpus/cases.yaml");
        std::map<std::string, std::pair<size_t, size_t>> tally;  // right, total
        size_t right = 0, total = 0;
        HttpClient c("127.0.0.1", Service::instance().port());
        for (const auto& tc : root["cases"]) {
            std::string ua = tc["ua"].as<std::string>();
            auto r = c.get("/api/v1/ua?ua=" + urlEncode(ua));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, 200, r.status);
            auto body = parseJson(r.body);
            bool ok = body->getValue<std::string>("device") == tc["device"].as<std::string>();
            if (tc["engine"]) {
                std::string want = tc["engine"].IsNull() ? "<null>" : tc["engine"].as<std::string>();
                ok = ok && engineName(body) == want;
            }
            auto& t = tally[tc["family"].as<std::string>()];
            t.first += ok;
            ++t.second;
            right += ok;
            ++total;
        }
        CPPUNIT_ASSERT(total >= 300);
        for (const auto& [family, t] : tally) {
            double percent = 100.0 * static_cast<double>(t.first) / static_cast<double>(t.second);
            CPPUNIT_ASSERT_MESSAGE(family + " under its floor over HTTP",
                                   percent >= root["families"][family]["floor"].as<double>());
        }
        CPPUNIT_ASSERT(100.0 * static_cast<double>(right) / static_cast<double>(total) >= root["floor"].as<double>());
    }

    void callersOwnUserAgentIsParsed() {
        auto r =
            get("/api/v1/ua", {"User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0"});
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
