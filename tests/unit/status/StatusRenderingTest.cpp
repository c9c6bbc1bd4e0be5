// The renderings of one StatusReport: number texts, the badge's figure and
// colour thresholds, the SVG badge's title, the shields JSON, the JSON body's
// nulls, and the page showing each JSON figure's text under its JSON path;
// the page's policy allows exactly its own style block.
#include "host/status/Badge.h"
#include "host/status/StatusFormat.h"
#include "host/status/StatusJson.h"
#include "host/status/StatusPage.h"
#include "host/status/UptimeAccounting.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

#include <openssl/evp.h>

using namespace ipfacts::status;
using namespace ipfacts::store;

namespace {

constexpr int64_t kNow = 1'764'547'200'000;

StatusReport report() {
    StatusConfig c;
    c.region = "here";
    c.targets = {{"http://a.test/", "A <&> \"quoted\"", "http"}, {"http://b.test/", "B", "http"}};
    std::vector<ProbeSample> s;
    for (int i = 1; i <= 7; ++i) {
        ProbeSample p;
        p.target = "http://a.test/";
        p.region = "here";
        p.at_ms = kNow - i * 60000;
        p.ok = i != 3;
        p.latency_us = 1234 * i;
        if (!p.ok) p.error = "timeout after 500 ms";
        s.push_back(p);
    }
    return computeStatus(c, s, kNow);
}

Poco::JSON::Object::Ptr parse(const std::string& text) {
    Poco::JSON::Parser p;
    return p.parse(text).extract<Poco::JSON::Object::Ptr>();
}

}  // namespace

class StatusRenderingTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StatusRenderingTest);
    CPPUNIT_TEST(numberTexts);
    CPPUNIT_TEST(badgeFigureAndColours);
    CPPUNIT_TEST(badgeSvgAndJson);
    CPPUNIT_TEST(jsonHasSpecFieldsAndNulls);
    CPPUNIT_TEST(pageShowsTheJsonFigures);
    CPPUNIT_TEST(policyHashesTheStyle);
    CPPUNIT_TEST_SUITE_END();

public:
    void numberTexts() {
        CPPUNIT_ASSERT_EQUAL(std::string("100"), percentText(100.0));
        CPPUNIT_ASSERT_EQUAL(std::string("85.7143"), percentText(600.0 / 7.0));
        CPPUNIT_ASSERT_EQUAL(std::string("0.5"), msText(0.5));
        CPPUNIT_ASSERT_EQUAL(std::string("1.234"), msText(1.234));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), percentText(0.0));
        CPPUNIT_ASSERT_EQUAL(std::string("2025-12-01T00:00:00Z"), isoText(kNow));
    }

    void badgeFigureAndColours() {
        CPPUNIT_ASSERT_EQUAL(std::string("no data"), badgeText(std::nullopt));
        CPPUNIT_ASSERT_EQUAL(std::string("100%"), badgeText(100.0));
        CPPUNIT_ASSERT_EQUAL(std::string("99.99%"), badgeText(99.9999));  // cut, never rounded up to 100
        CPPUNIT_ASSERT_EQUAL(std::string("99.95%"), badgeText(99.9537));
        CPPUNIT_ASSERT_EQUAL(std::string("85.71%"), badgeText(600.0 / 7.0));
        CPPUNIT_ASSERT_EQUAL(std::string("brightgreen"), std::string(badgeColour(99.9).name));
        CPPUNIT_ASSERT_EQUAL(std::string("green"), std::string(badgeColour(99.89).name));
        CPPUNIT_ASSERT_EQUAL(std::string("green"), std::string(badgeColour(99.0).name));
        CPPUNIT_ASSERT_EQUAL(std::string("yellow"), std::string(badgeColour(95.0).name));
        CPPUNIT_ASSERT_EQUAL(std::string("orange"), std::string(badgeColour(90.0).name));
        CPPUNIT_ASSERT_EQUAL(std::string("red"), std::string(badgeColour(89.99).name));
        CPPUNIT_ASSERT_EQUAL(std::string("lightgrey"), std::string(badgeColour(std::nullopt).name));
    }

    void badgeSvgAndJson() {
        const std::string svg = badgeSvg(600.0 / 7.0);
        CPPUNIT_ASSERT(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
        CPPUNIT_ASSERT(svg.find("<title>uptime 24h: 85.71%</title>") != std::string::npos);
        CPPUNIT_ASSERT(svg.find(">85.71%</text>") != std::string::npos);
        CPPUNIT_ASSERT(svg.find("#fe7d37") == std::string::npos && svg.find("#e05d44") != std::string::npos);
        auto j = parse(badgeJson(99.95));
        CPPUNIT_ASSERT_EQUAL(1, j->getValue<int>("schemaVersion"));
        CPPUNIT_ASSERT_EQUAL(std::string("uptime 24h"), j->getValue<std::string>("label"));
        CPPUNIT_ASSERT_EQUAL(std::string("99.95%"), j->getValue<std::string>("message"));
        CPPUNIT_ASSERT_EQUAL(std::string("brightgreen"), j->getValue<std::string>("color"));
    }

    void jsonHasSpecFieldsAndNulls() {
        auto j = parse(statusJson(report(), "ipfacts.test"));
        for (const char* k : {"generated_at", "available", "window", "overall", "targets", "source"})
            CPPUNIT_ASSERT_MESSAGE(k, j->has(k));
        auto overall = j->getObject("overall");
        CPPUNIT_ASSERT_EQUAL(std::string("85.7143"), overall->get("uptime_24h").toString());
        CPPUNIT_ASSERT_EQUAL(7, overall->getValue<int>("checks_24h"));
        CPPUNIT_ASSERT_EQUAL(1, overall->getValue<int>("down_24h"));
        auto targets = j->getArray("targets");
        auto b = targets->getObject(1)->getArray("regions")->getObject(0);
        CPPUNIT_ASSERT(b->isNull("uptime_24h") && b->isNull("p50_ms") && b->isNull("last_checked_at") &&
                       b->isNull("last_ok"));
        CPPUNIT_ASSERT_EQUAL(std::string("no checks yet"), b->getValue<std::string>("reason"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.test"), j->getValue<std::string>("source"));
    }

    void pageShowsTheJsonFigures() {
        const StatusReport r = report();
        const std::string page = statusPage(r, "ipfacts.test");
        auto j = parse(statusJson(r, "ipfacts.test"));
        auto a = j->getArray("targets")->getObject(0)->getArray("regions")->getObject(0);
        for (const char* k : {"uptime_24h", "uptime_30d", "p50_ms", "p95_ms", "checks_24h", "checks_30d"}) {
            const std::string cell = "data-field=\"targets.0.regions.0." + std::string(k) + "\" data-value=\"" +
                                     a->get(k).toString() + "\">" + a->get(k).toString();
            CPPUNIT_ASSERT_MESSAGE(cell, page.find(cell) != std::string::npos);
        }
        CPPUNIT_ASSERT(page.find("A &lt;&amp;&gt; &quot;quoted&quot;") != std::string::npos);
        CPPUNIT_ASSERT(page.find("A <&>") == std::string::npos);
        CPPUNIT_ASSERT(page.find("<script") == std::string::npos);
        CPPUNIT_ASSERT(page.find("http://a.test/") != std::string::npos);
        CPPUNIT_ASSERT(page.find("<html lang=\"en\">") != std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"viewport\"") != std::string::npos);
    }

    void policyHashesTheStyle() {
        const std::string page = statusPage(report(), "x");
        size_t a = page.find("<style>") + 7, b = page.find("</style>");
        const std::string style = page.substr(a, b - a);
        unsigned char digest[32];
        unsigned len = 0;
        EVP_Digest(style.data(), style.size(), digest, &len, EVP_sha256(), nullptr);
        unsigned char out[64];
        int n = EVP_EncodeBlock(out, digest, 32);
        const std::string hash(reinterpret_cast<char*>(out), size_t(n));
        CPPUNIT_ASSERT(statusPagePolicy().find("style-src 'sha256-" + hash + "'") != std::string::npos);
        CPPUNIT_ASSERT(statusPagePolicy().rfind("default-src 'none'", 0) == 0);
        CPPUNIT_ASSERT(statusPagePolicy().find("unsafe-inline") == std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StatusRenderingTest);
