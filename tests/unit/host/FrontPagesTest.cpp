// The front door's pages and the short target path, without a daemon: which
// path segments are lookup targets (TargetName), how the route table and the
// OpenAPI contract use that, the guide's families, and what the front page and
// a target page hold (the form, folded families, the caller's no-location
// notice, a target's facts and links).
#include "host/front/EndpointGuide.h"
#include "host/front/FrontPage.h"
#include "host/front/PageParts.h"
#include "host/front/TargetPage.h"
#include "host/openapi/RouteContract.h"
#include "host/pipeline/RouteTable.h"
#include "host/pipeline/TargetName.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts;

namespace {

constexpr const char* kDocument = R"({
  "openapi": "3.1.0",
  "paths": {
    "/json": {"get": {"summary": "The report", "tags": ["Connection"],
      "responses": {"200": {"content": {"application/json": {"schema": {"type": "object"}}}}}}},
    "/{target}": {"get": {"summary": "A target", "tags": ["Lookup"],
      "parameters": [{"name": "target", "in": "path", "examples": {"v4": {"value": "8.8.8.8"}},
                      "schema": {"anyOf": [{"format": "ipv4"}, {"format": "ipv6"}, {"format": "hostname"}]}}],
      "responses": {"200": {"content": {"application/json": {"schema": {"type": "object"}}}}}}},
    "/ip": {"get": {"summary": "Address", "tags": ["Connection"],
      "responses": {"200": {"content": {"text/plain": {"schema": {"type": "string"}}}}}}},
    "/untagged": {"get": {"summary": "Nothing", "responses": {}}}
  }
})";

pipeline::Route route(const std::string& path) {
    pipeline::Route r;
    r.spec.path = path;
    return r;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

size_t count(const std::string& s, const std::string& part) {
    size_t n = 0;
    for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

class FrontPagesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FrontPagesTest);
    CPPUNIT_TEST(targetsAreAddressesAndPublicNames);
    CPPUNIT_TEST(filesAndLocalNamesAreNoTargets);
    CPPUNIT_TEST(routeTableMatchesTargetsOnly);
    CPPUNIT_TEST(contractReadsTargetParameters);
    CPPUNIT_TEST(guideGroupsByFamily);
    CPPUNIT_TEST(frontPageHasTheFormAndFoldedGuide);
    CPPUNIT_TEST(privateCallerIsToldWhy);
    CPPUNIT_TEST(targetPageShowsFactsAndLinks);
    CPPUNIT_TEST(namePageListsAddressesAndNameLinks);
    CPPUNIT_TEST_SUITE_END();

public:
    void targetsAreAddressesAndPublicNames() {
        for (const char* t : {"8.8.8.8", "2001:db8::1", "::ffff:192.0.2.1", "example.com", "EXAMPLE.COM.",
                              "www.example.co.uk", "xn--bcher-kva.de",
                              "b\xc3\xbc"
                              "cher.de",
                              "a-b.example.org", "example.zip"})
            CPPUNIT_ASSERT_MESSAGE(t, pipeline::isLookupTarget(t));
    }
    void filesAndLocalNamesAreNoTargets() {
        for (const char* t : {"favicon.ico",  "robots.txt", "sitemap.xml", "wp-login.php",
                              "index.html",   "app.js",     "localhost",   "example",
                              "example.test", "host.local", "-a.com",      "a-.com",
                              "a..com",       ".com",       "a.com..",     "",
                              "1.2.3",        "a b.com",    "a_b.com",     "fe80::1%eth0",
                              "[::1]",        "json"})
            CPPUNIT_ASSERT_MESSAGE(t, !pipeline::isLookupTarget(t));
        CPPUNIT_ASSERT(!pipeline::isLookupTarget(std::string(64, 'a') + ".com"));  // a label over 63 bytes
        std::string long_name;
        while (long_name.size() < 251) long_name += "abcdefghi.";
        CPPUNIT_ASSERT(!pipeline::isLookupTarget(long_name + "com"));  // over 253 bytes
    }
    void routeTableMatchesTargetsOnly() {
        pipeline::Route target = route("/{target}");
        target.target_params = {"target"};
        pipeline::Route field = route("/{ip}/{field}");
        field.address_params = {"ip"};
        pipeline::Route json = route("/json/{ip}");
        json.address_params = {"ip"};
        pipeline::RouteTable t({route("/ip"), route("/ip.md"), target, field, json});
        CPPUNIT_ASSERT_EQUAL(std::string("/ip.md"), t.match("/ip.md").route->spec.path);  // exact first
        for (const char* path : {"/8.8.8.8", "/2001:db8::1", "/example.com", "/b%C3%BCcher.de"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path, std::string("/{target}"), t.match(path).route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), t.match("/example.com").params.at(0).second);
        for (const char* path : {"/favicon.ico", "/robots.txt", "/localhost"}) {
            auto m = t.match(path);
            CPPUNIT_ASSERT_MESSAGE(path, !m.route);
            CPPUNIT_ASSERT_EQUAL(std::string("/{target}"), m.address_miss->spec.path);
        }
        auto f = t.match("/8.8.8.8/country");
        CPPUNIT_ASSERT_EQUAL(std::string("/{ip}/{field}"), f.route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("country"), f.params.at(1).second);
        CPPUNIT_ASSERT(!t.match("/example.com/country").route);  // per-field paths take addresses only
        CPPUNIT_ASSERT_EQUAL(std::string("/json/{ip}"), t.match("/json/8.8.8.8").route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("/json/{ip}"), t.match("/json/example.com").address_miss->spec.path);
    }
    void contractReadsTargetParameters() {
        auto c = openapi::routeContracts(kDocument);
        CPPUNIT_ASSERT((c["/{target}"].target_params == std::vector<std::string>{"target"}));
        CPPUNIT_ASSERT(c["/{target}"].address_params.empty());
        CPPUNIT_ASSERT(c["/json"].target_params.empty());
    }
    void guideGroupsByFamily() {
        auto guide = front::endpointGuide(kDocument);
        CPPUNIT_ASSERT_EQUAL(size_t(4), guide.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Connection"), guide[0].family);
        CPPUNIT_ASSERT_EQUAL(std::string("Lookup"), guide[1].family);
        CPPUNIT_ASSERT_EQUAL(std::string("Other"), guide[3].family);
        const std::string h = front::guideSection(guide, "https://ipfacts.example", true);
        CPPUNIT_ASSERT_EQUAL(size_t(3), count(h, "<details"));  // one per family, folded
        CPPUNIT_ASSERT(!has(h, " open"));
        // The families in the order they first appear; /ip joins /json's.
        CPPUNIT_ASSERT(h.find("data-family=\"Connection\"") < h.find("data-family=\"Lookup\""));
        CPPUNIT_ASSERT(has(h, "<summary>Connection (2)</summary>"));
        CPPUNIT_ASSERT(has(h, "<code>curl 'https://ipfacts.example/8.8.8.8'</code>"));
    }
    void frontPageHasTheFormAndFoldedGuide() {
        const std::string report =
            R"({"ip":"8.8.8.8","version":4,"city":"Mountain View","country":"US","geo_accuracy":"approximate"})";
        const auto guide = front::endpointGuide(kDocument);
        const std::string h =
            front::frontPage(front::FrontPageInput{&report, &guide, "http://ipfacts.test", "ipfacts.test", false});
        CPPUNIT_ASSERT(has(h, "<form class=\"lookup\" method=\"get\" action=\"/\""));
        CPPUNIT_ASSERT(has(h, "name=\"q\""));
        CPPUNIT_ASSERT(has(h, "data-field=\"city\" data-value=\"Mountain View\""));
        CPPUNIT_ASSERT(!has(h, "data-notice"));  // a placeable caller is not told anything
        CPPUNIT_ASSERT(!has(h, "<script"));
        // The form posts to this origin only: the policy says so, and nothing else loosens.
        const std::string& csp = front::pagePolicy();
        CPPUNIT_ASSERT_MESSAGE(csp, has(csp, "form-action 'self'") && has(csp, "default-src 'none'"));
        CPPUNIT_ASSERT(!has(csp, "unsafe-inline") && !has(csp, "script-src"));
    }
    void privateCallerIsToldWhy() {
        const std::string report =
            R"({"ip":"127.0.0.1","version":4,"city":null,"geo_accuracy":"country-only","reasons":)"
            R"({"geolocation":"loopback address (RFC 1122): no geolocation","network":"loopback address (RFC 1122): no network owner"}})";
        const std::vector<front::GuideEntry> guide;
        const std::string h = front::frontPage(front::FrontPageInput{&report, &guide, "http://x", "x", false});
        CPPUNIT_ASSERT_MESSAGE(
            h, has(h, "Your address is a loopback address (RFC 1122), so there is no location to show."));
        CPPUNIT_ASSERT(h.find("<form") < h.find("data-notice"));  // the notice points up at the form
        CPPUNIT_ASSERT(has(h, "data-field=\"city\" data-value=\"null\""));
        CPPUNIT_ASSERT(has(h, "<li data-reason=\"geolocation\">"));
        const std::string other = R"({"ip":"192.0.2.1","reasons":{"geolocation":"no address database is configured"}})";
        CPPUNIT_ASSERT(has(front::frontPage(front::FrontPageInput{&other, &guide, "http://x", "x", false}),
                           "There is no location for your address: no address database is configured."));
    }
    void targetPageShowsFactsAndLinks() {
        const std::string lookup =
            R"({"ip":"8.8.8.8","version":4,"hostname":null,"city":"Mountain View","asn":15169,"as_name":"GOOGLE",)"
            R"("classification":{"kind":"public","rfc":null,"description":"Globally routable","routable":true},)"
            R"("addresses":["8.8.8.8"]})";
        const std::set<std::string> routed{"/api/v1/lookup/{target}", "/api/v1/rdap", "/api/v1/reverse/{ip}",
                                           "/api/v1/dns", "/api/v1/ssl"};
        const std::string h = front::targetPage(front::TargetPageInput{&lookup, "8.8.8.8", &routed, "ipfacts.test"});
        CPPUNIT_ASSERT(has(h, "value=\"8.8.8.8\""));  // the form holds the target
        CPPUNIT_ASSERT(has(h, "data-field=\"ip\" data-value=\"8.8.8.8\""));
        CPPUNIT_ASSERT(has(h, "data-field=\"classification.kind\" data-value=\"public\""));
        CPPUNIT_ASSERT(has(h, "data-value=\"null\" class=\"muted\">none: not a special-purpose block<"));
        CPPUNIT_ASSERT(has(h, "data-field=\"asn\" data-value=\"15169\">AS15169<"));
        CPPUNIT_ASSERT(has(h, "href=\"/api/v1/reverse/8.8.8.8\"") && has(h, "href=\"/api/v1/rdap?query=8.8.8.8\""));
        CPPUNIT_ASSERT(has(h, "href=\"/api/v1/lookup/8.8.8.8\""));
        // Not routed here: no link. An address has no TLS or mail answer, nor DNS by name.
        CPPUNIT_ASSERT(!has(h, "/api/v1/blacklist/") && !has(h, "/api/v1/ssl") && !has(h, "/api/v1/dns"));
        CPPUNIT_ASSERT(!has(h, "data-addresses"));
        CPPUNIT_ASSERT(!has(h, "<script"));
    }
    void namePageListsAddressesAndNameLinks() {
        const std::string lookup =
            R"({"ip":"192.0.2.7","version":4,"hostname":"example.com","city":null,"classification":{"kind":"documentation",)"
            R"("rfc":"RFC 5737","description":"TEST-NET-1","routable":false},"addresses":["192.0.2.7","2001:db8::7"],)"
            R"("reasons":{"geolocation":"documentation address (RFC 5737): no geolocation"}})";
        const std::set<std::string> routed{"/api/v1/dns", "/api/v1/ssl", "/api/v1/mx", "/api/v1/blacklist/{ip}",
                                           "/api/v1/reverse/{ip}"};
        const std::string h =
            front::targetPage(front::TargetPageInput{&lookup, "Example.com", &routed, "ipfacts.test"});
        CPPUNIT_ASSERT(has(h, "data-field=\"hostname\" data-value=\"example.com\""));
        CPPUNIT_ASSERT(has(h, "<a href=\"/2001:db8::7\">2001:db8::7</a>"));
        CPPUNIT_ASSERT(has(h, "href=\"/api/v1/dns?name=Example.com\"") &&
                       has(h, "href=\"/api/v1/ssl?host=Example.com\""));
        CPPUNIT_ASSERT(has(h, "href=\"/api/v1/mx?domain=Example.com\""));
        CPPUNIT_ASSERT(has(h, "href=\"/api/v1/blacklist/192.0.2.7\""));
        CPPUNIT_ASSERT(!has(h, "/api/v1/reverse/"));  // a name has no reverse answer of its own
        CPPUNIT_ASSERT(has(h, "<li data-reason=\"geolocation\">"));
        const std::string e = front::targetErrorPage("nx.example.com", "no such name", "ipfacts.test");
        CPPUNIT_ASSERT(has(e, "no such name") && has(e, "value=\"nx.example.com\""));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FrontPagesTest);
