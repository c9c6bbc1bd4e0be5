// The front door (docs/api.md, "The front door"): / negotiated by Accept and
// User-Agent, pretty JSON for command-line clients, fields=, the per-field
// text paths against /json for the same caller (null fields included), the
// short lookups /{target} and /json/{ip} against /api/v1/lookup/{target}, the
// target pages, the lookup form's redirect, the per-field paths of any address,
// 400 unknown_parameter on every route of the served OpenAPI document, and the
// pages in headless Chromium. Callers come from 127.0.0.2, a trusted proxy,
// with X-Forwarded-For naming addresses of tests/fixtures/netdb.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"
#include "tests/support/MinifiedJson.h"

#include <Poco/JSON/Array.h>

#include <cppunit/extensions/HelperMacros.h>

#include <regex>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

const std::string kCurl = "User-Agent: curl/8.5.0";
const std::string kWget = "User-Agent: Wget/1.21.4";
const std::string kHttpie = "User-Agent: HTTPie/3.2.2";
const std::string kBrowser =
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const std::string kBrowserAccept = "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/// GET as caller `client` through the trusted proxy 127.0.0.2.
HttpReply as(const std::string& client, const std::string& target, std::vector<std::string> headers = {}) {
    HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
    headers.push_back("X-Forwarded-For: " + client);
    return c.get(target, headers);
}

std::string errorOf(const HttpReply& r) { return parseJson(r.body)->getValue<std::string>("error"); }
std::string messageOf(const HttpReply& r) { return parseJson(r.body)->getValue<std::string>("message"); }

/// The body with what legitimately differs between two requests masked (compact or pretty).
std::string masked(std::string body) {
    body = std::regex_replace(body, std::regex(R"("checked_at": ?"[^"]*")"), R"("checked_at":"-")");
    body = std::regex_replace(body, std::regex(R"("rtt_ms": ?[0-9.]+)"), R"("rtt_ms":0)");
    return std::regex_replace(body, std::regex(R"("local_time": ?"[^"]*")"), R"("local_time":"-")");
}

/// The member names of a JSON object body, in order.
std::vector<std::string> keysOf(const std::string& body) {
    std::vector<std::string> out;
    for (const auto& name : parseJson(body)->getNames()) out.push_back(name);
    return out;
}

/// What the text path of an IpReport value says: strings as they are, numbers as digits; null as "null".
std::string asText(const Poco::Dynamic::Var& v) { return v.isEmpty() ? "null" : v.toString(); }

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class FrontDoorTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FrontDoorTest);
    CPPUNIT_TEST(commandLineClientsGetTheAddress);
    CPPUNIT_TEST(acceptDecides);
    CPPUNIT_TEST(browserGetsThePage);
    CPPUNIT_TEST(pageNeverHoldsAKey);
    CPPUNIT_TEST(prettyForTerminalsCompactForOthers);
    CPPUNIT_TEST(jsonAndApiV1IpStayByteIdentical);
    CPPUNIT_TEST(cacheNeverHandsOneFormToAnother);
    CPPUNIT_TEST(perFieldPathsMatchJson);
    CPPUNIT_TEST(shortLookupsAreTheLongForm);
    CPPUNIT_TEST(strayPathsAreNotShortLookups);
    CPPUNIT_TEST(namesAreShortLookups);
    CPPUNIT_TEST(targetsShareTheLongFormsCache);
    CPPUNIT_TEST(browsersGetTheTargetPage);
    CPPUNIT_TEST(lookupFormRedirects);
    CPPUNIT_TEST(perFieldPathsOfAnyAddress);
    CPPUNIT_TEST(privateCallerIsToldWhy);
    CPPUNIT_TEST(lookupCarriesTheGeolocationOfJson);
    CPPUNIT_TEST(fieldsSelectMembers);
    CPPUNIT_TEST(unknownParameterOnEveryRoute);
    CPPUNIT_TEST(hostParametersAreAccepted);
    CPPUNIT_TEST(pageInChromium);
    CPPUNIT_TEST_SUITE_END();

public:
    void commandLineClientsGetTheAddress() {
        for (const auto& ua : {kCurl, kWget, kHttpie, std::string("User-Agent: xh/0.22.0")}) {
            auto r = as("8.8.8.8", "/", {ua, "Accept: */*"});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, 200, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, std::string("8.8.8.8\n"), r.body);
            CPPUNIT_ASSERT_EQUAL(std::string("text/plain; charset=utf-8"), *r.header("Content-Type"));
            CPPUNIT_ASSERT_EQUAL(std::string("Accept, User-Agent"), *r.header("Vary"));
            CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"), *r.header("Cache-Control"));
        }
        // No User-Agent and no Accept: a script's plain client gets the text too; the same bytes as /ip.
        CPPUNIT_ASSERT_EQUAL(as("81.2.69.160", "/ip").body, as("81.2.69.160", "/").body);
        CPPUNIT_ASSERT_EQUAL(std::string("2a02:2e0::1\n"), as("2a02:2e0::1", "/").body);
    }

    void acceptDecides() {
        // text/plain from a browser, application/json from curl, text/html from curl.
        auto text = as("8.8.8.8", "/", {kBrowser, "Accept: text/plain"});
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8\n"), text.body);
        auto json = as("8.8.8.8", "/", {kCurl, "Accept: application/json"});
        CPPUNIT_ASSERT_EQUAL(200, json.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/json"), *json.header("Content-Type"));
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8"), parseJson(json.body)->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_MESSAGE(json.body, json.body.rfind("{\n  \"ip\": \"8.8.8.8\",\n", 0) == 0);  // pretty for curl
        auto html = as("8.8.8.8", "/", {kCurl, "Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(std::string("text/html; charset=utf-8"), *html.header("Content-Type"));
        // q-values: JSON preferred over HTML; text/* gives the text; an unknown type falls back to the agent.
        CPPUNIT_ASSERT(
            has(*as("8.8.8.8", "/", {kBrowser, "Accept: text/html;q=0.5, application/json"}).header("Content-Type"),
                "application/json"));
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8\n"), as("8.8.8.8", "/", {kBrowser, "Accept: text/*"}).body);
        CPPUNIT_ASSERT(has(*as("8.8.8.8", "/", {kBrowser, "Accept: image/png"}).header("Content-Type"), "text/html"));
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8\n"), as("8.8.8.8", "/", {kCurl, "Accept: image/png"}).body);
    }

    void browserGetsThePage() {
        auto r = as("8.8.8.8", "/", {kBrowser, kBrowserAccept});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("text/html; charset=utf-8"), *r.header("Content-Type"));
        const std::string csp = r.header("Content-Security-Policy").value_or("");
        CPPUNIT_ASSERT_MESSAGE(csp, csp.rfind("default-src 'none'; style-src 'sha256-", 0) == 0);
        CPPUNIT_ASSERT(!has(csp, "unsafe-inline"));
        CPPUNIT_ASSERT(has(r.body, "data-field=\"ip\" data-value=\"8.8.8.8\""));
        CPPUNIT_ASSERT(has(r.body, "data-field=\"city\" data-value=\"Mountain View\""));
        CPPUNIT_ASSERT(has(r.body, "data-field=\"geo_accuracy\" data-value=\"approximate\""));
        CPPUNIT_ASSERT(has(r.body, "<script") == false);
        // The curl lines name the host the caller used.
        CPPUNIT_ASSERT_MESSAGE(r.body,
                               has(r.body, "<code>curl 'http://ipfacts.test/api/v1/lookup/198.51.100.7'</code>"));
        CPPUNIT_ASSERT(has(r.body, "href=\"/api/openapi.json\"") && has(r.body, "href=\"/status\""));
        // A Host header that is not a plain host name is not echoed.
        auto forged = as("8.8.8.8", "/", {kBrowser, "Host: evil<b>.example"});
        CPPUNIT_ASSERT(!has(forged.body, "evil"));
        CPPUNIT_ASSERT(has(forged.body, "<code>curl 'http://ipfacts.test/"));
    }

    void pageNeverHoldsAKey() {
        const std::string key = Service::instance().issueKey("front-door@example");
        for (const auto& r : {as("8.8.8.8", "/", {kBrowser, "Authorization: Bearer " + key}),
                              as("8.8.8.8", "/?key=" + key, {kBrowser})}) {
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT(has(*r.header("X-RateLimit-Policy"), ":key"));
            CPPUNIT_ASSERT(has(*r.header("Content-Type"), "text/html"));
            CPPUNIT_ASSERT(!has(r.body, key));
            CPPUNIT_ASSERT(!has(r.body, key.substr(4, 12)));
        }
    }

    void prettyForTerminalsCompactForOthers() {
        for (const auto& ua : {kCurl, kWget, kHttpie}) {
            auto r = as("8.8.8.8", "/json", {ua});
            CPPUNIT_ASSERT_MESSAGE(r.body, r.body.rfind("{\n  \"ip\": \"8.8.8.8\",\n  \"version\": 4,\n", 0) == 0);
            CPPUNIT_ASSERT(has(r.body, "\n  \"network\": {\n    \"protocol\": \"HTTP/1.1\",\n"));
            CPPUNIT_ASSERT_EQUAL('\n', r.body.back());
            CPPUNIT_ASSERT_EQUAL(std::string("User-Agent"), *r.header("Vary"));
            auto compact = as("8.8.8.8", "/json?pretty=0", {ua});
            CPPUNIT_ASSERT(compact.body.rfind("{\"ip\":\"8.8.8.8\",\"version\":4,", 0) == 0);
            CPPUNIT_ASSERT(!compact.header("Vary"));  // chosen by the parameter, not the agent
            // The same members, strings and numbers: only the layout differs.
            CPPUNIT_ASSERT_EQUAL(masked(compact.body), masked(minifiedJson(r.body)));
        }
        auto browser = as("8.8.8.8", "/json", {kBrowser});
        CPPUNIT_ASSERT(browser.body.rfind("{\"ip\":\"8.8.8.8\",", 0) == 0);
        auto asked = as("8.8.8.8", "/json?pretty=1", {kBrowser});
        CPPUNIT_ASSERT(asked.body.rfind("{\n  \"ip\"", 0) == 0);
        // Errors too; and a bad value is refused.
        auto bad = as("8.8.8.8", "/json?pretty=2", {kBrowser});
        CPPUNIT_ASSERT_EQUAL(400, bad.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), errorOf(bad));
        CPPUNIT_ASSERT(
            as("8.8.8.8", "/json?pretty=2", {kCurl}).body.rfind("{\n  \"error\": \"invalid_parameter\"", 0) == 0);
        // Every JSON endpoint: a lookup, the OpenAPI document (compact by default there too).
        CPPUNIT_ASSERT(as("8.8.8.8", "/api/v1/lookup/8.8.8.8", {kCurl}).body.rfind("{\n  \"ip\"", 0) == 0);
        CPPUNIT_ASSERT(
            as("8.8.8.8", "/api/openapi.json?pretty=1", {kBrowser}).body.rfind("{\n  \"openapi\": \"3.1.0\"", 0) == 0);
    }

    void jsonAndApiV1IpStayByteIdentical() {
        for (const std::string q : {"", "?pretty=1", "?pretty=0", "?fields=ip,asn,loc"})
            for (const auto& ua : {kCurl, kBrowser}) {
                HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
                auto a = c.get("/json" + q, {"X-Forwarded-For: 8.8.8.8", ua, "Accept-Language: en"});
                auto b = c.get("/api/v1/ip" + q, {"X-Forwarded-For: 8.8.8.8", ua, "Accept-Language: en"});
                CPPUNIT_ASSERT_EQUAL_MESSAGE(q + ua, masked(a.body), masked(b.body));
            }
    }

    void cacheNeverHandsOneFormToAnother() {
        // / is private, no-store: never kept, each caller's form afresh on one connection.
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
        const std::string xff = "X-Forwarded-For: 8.8.8.8";
        CPPUNIT_ASSERT(has(*c.get("/", {xff, kBrowser, kBrowserAccept}).header("Content-Type"), "text/html"));
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8\n"), c.get("/", {xff, kCurl}).body);
        CPPUNIT_ASSERT(has(*c.get("/", {xff, kBrowser, kBrowserAccept}).header("Content-Type"), "text/html"));
        // A public route the response cache keeps: it keeps the handler's bytes, the layout is
        // applied per request, so curl's pretty answer never reaches a browser or the reverse.
        const std::string target = "/api/v1/lookup/81.2.69.160";
        auto first = c.get(target, {kCurl});
        auto second = c.get(target, {kBrowser});
        auto third = c.get(target, {kCurl});
        CPPUNIT_ASSERT(first.body.rfind("{\n  \"ip\"", 0) == 0);
        CPPUNIT_ASSERT(second.body.rfind("{\"ip\"", 0) == 0);
        CPPUNIT_ASSERT(second.header("Age").has_value());  // from the cache
        CPPUNIT_ASSERT_EQUAL(masked(first.body), masked(third.body));
        CPPUNIT_ASSERT_EQUAL(std::string("User-Agent"), *second.header("Vary"));
        auto cut = c.get(target + "?fields=ip,city", {kBrowser});
        CPPUNIT_ASSERT_EQUAL(std::string("{\"ip\":\"81.2.69.160\",\"city\":\"London\"}"), cut.body);
        CPPUNIT_ASSERT(has(c.get(target, {kBrowser}).body, "\"classification\""));  // the entry is whole
    }

    void perFieldPathsMatchJson() {
        const std::pair<const char*, const char*> paths[] = {{"/country", "country"}, {"/country-name", "country_name"},
                                                             {"/city", "city"},       {"/region", "region"},
                                                             {"/asn", "asn"},         {"/as-name", "as_name"},
                                                             {"/loc", "loc"},         {"/timezone", "timezone"},
                                                             {"/isp", "isp"},         {"/rir", "rir"}};
        int values = 0, nulls = 0;
        // Full record, country-only, no geolocation, IPv6, a documentation address (special purpose).
        for (const std::string client : {"8.8.8.8", "1.1.1.1", "9.9.9.9", "2a02:2e0::1", "192.0.2.10"}) {
            auto report = parseJson(as(client, "/json", {kBrowser}).body);
            for (const auto& [path, field] : paths) {
                auto r = as(client, path, {kCurl});
                const std::string where = client + " " + path;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, std::string("text/plain; charset=utf-8"),
                                             *r.header("Content-Type"));
                const Poco::Dynamic::Var v = report->get(field);
                if (v.isEmpty()) {
                    ++nulls;
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(where, 404, r.status);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(where, std::string("\n"), r.body);
                    CPPUNIT_ASSERT_MESSAGE(where, !r.header("X-Null-Reason").value_or("").empty());
                    CPPUNIT_ASSERT_EQUAL(std::string("no-store"), *r.header("Cache-Control"));
                    // A page's script may read why (CORS is open on every endpoint).
                    CPPUNIT_ASSERT(has(*r.header("Access-Control-Expose-Headers"), "X-Null-Reason"));
                } else {
                    ++values;
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(where, 200, r.status);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(where, asText(v) + "\n", r.body);
                    CPPUNIT_ASSERT_MESSAGE(where, !r.header("X-Null-Reason"));
                }
            }
        }
        CPPUNIT_ASSERT(values >= 20 && nulls >= 15);  // both kinds really seen
        CPPUNIT_ASSERT_EQUAL(std::string("US\n"), as("8.8.8.8", "/country").body);
        CPPUNIT_ASSERT_EQUAL(std::string("37.4056,-122.0775\n"), as("8.8.8.8", "/loc").body);
        CPPUNIT_ASSERT_EQUAL(std::string("documentation address (RFC 5737): no geolocation"),
                             *as("192.0.2.10", "/city").header("X-Null-Reason"));
        CPPUNIT_ASSERT_EQUAL(std::string("the address database has no city for this address"),
                             *as("1.1.1.1", "/city").header("X-Null-Reason"));
    }

    void shortLookupsAreTheLongForm() {
        for (const std::string ip : {"8.8.8.8", "81.2.69.160", "2a02:2e0::1", "10.1.2.3"})
            for (const std::string q : {"", "?fields=ip,city,classification"}) {
                auto longForm = as("9.9.9.9", "/api/v1/lookup/" + ip + q, {kBrowser});
                auto shortForm = as("9.9.9.9", "/" + ip + q, {kBrowser});
                auto jsonForm = as("9.9.9.9", "/json/" + ip + q, {kBrowser});
                CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, 200, shortForm.status);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, masked(longForm.body), masked(shortForm.body));
                CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, masked(longForm.body), masked(jsonForm.body));
                CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=300"), *shortForm.header("Cache-Control"));
            }
        // The must-show line: curl's /8.8.8.8 answers, pretty.
        auto r = as("9.9.9.9", "/8.8.8.8", {kCurl});
        CPPUNIT_ASSERT(r.body.rfind("{\n  \"ip\": \"8.8.8.8\",", 0) == 0);
    }

    void strayPathsAreNotShortLookups() {
        // What browsers and crawlers ask any site for: no endpoint, no DNS query, nothing metered.
        for (const std::string target :
             {"/favicon.ico", "/robots.txt", "/sitemap.xml", "/wp-login.php", "/localhost", "/example.test",
              "/json/example.com", "/json/1.2.3", "/json/fe80::1%25eth0", "/example.com/country"}) {
            auto r = as("8.8.8.8", target);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(target, 404, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(target, std::string("not_found"), errorOf(r));
            CPPUNIT_ASSERT_MESSAGE(messageOf(r), has(messageOf(r), "takes an IPv4 or IPv6 address"));
            // No route: the host's 404, not a lookup; the quota policy says nothing was metered.
            CPPUNIT_ASSERT_EQUAL_MESSAGE(target, std::string("unmetered"), *r.header("X-RateLimit-Policy"));
        }
        CPPUNIT_ASSERT(has(messageOf(as("8.8.8.8", "/favicon.ico")),
                           "/{target} takes an IPv4 or IPv6 address or a public host name"));
    }

    void namesAreShortLookups() {
        // A public host name is a target: the same answer as the long form, whatever the
        // suite's resolver says of it (it refuses names outside its zones), metered as a lookup.
        for (const std::string name : {"example.com", "www.example.co.uk", "ipfacts-fixture.net"}) {
            auto shortForm = as("9.9.9.9", "/" + name, {kCurl});
            auto longForm = as("9.9.9.9", "/api/v1/lookup/" + name, {kCurl});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, longForm.status, shortForm.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, masked(longForm.body), masked(shortForm.body));
            CPPUNIT_ASSERT_MESSAGE(name, has(shortForm.header("X-RateLimit-Policy").value_or(""), "address:"));
            CPPUNIT_ASSERT_MESSAGE(shortForm.body, shortForm.status == 200 || errorOf(shortForm) != "not_found");
        }
        // A name the suite's DNS serves (tests/dns/zones/ipfacts-fixture.net.zone): its first
        // address, every address, and the name itself.
        auto r = parseJson(as("9.9.9.9", "/ipfacts-fixture.net").body);
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8"), r->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts-fixture.net"), r->getValue<std::string>("hostname"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), r->getArray("addresses")->size());
    }

    void targetsShareTheLongFormsCache() {
        // The long form's answer is kept; the short form finds it (on the event loop, no
        // worker), as JSON and as the page, and the reverse.
        auto first = as("9.9.9.9", "/api/v1/lookup/89.160.20.113", {kCurl});
        CPPUNIT_ASSERT_EQUAL(std::string("miss"), first.header("X-Cache").value_or(""));
        auto json = as("9.9.9.9", "/89.160.20.113", {kCurl});
        CPPUNIT_ASSERT_EQUAL(std::string("hit"), json.header("X-Cache").value_or(""));
        CPPUNIT_ASSERT(json.header("Age").has_value());
        CPPUNIT_ASSERT_EQUAL(masked(first.body), masked(json.body));
        auto page = as("9.9.9.9", "/89.160.20.113", {kBrowser, kBrowserAccept});
        CPPUNIT_ASSERT_EQUAL(std::string("hit"), page.header("X-Cache").value_or(""));
        CPPUNIT_ASSERT(has(page.body, "data-field=\"ip\" data-value=\"89.160.20.113\""));
        // A first ask at the short form (on a worker) fills the entry the long form reads.
        auto fresh = as("9.9.9.9", "/2001:db8::77", {kCurl});
        CPPUNIT_ASSERT_EQUAL(200, fresh.status);
        CPPUNIT_ASSERT(!fresh.header("Age"));
        CPPUNIT_ASSERT_EQUAL(std::string("hit"),
                             as("9.9.9.9", "/api/v1/lookup/2001:db8::77").header("X-Cache").value_or(""));
        // privacy=1 spends the caller's meter: never answered from the cache.
        CPPUNIT_ASSERT(!as("9.9.9.9", "/89.160.20.113?privacy=1", {kCurl}).header("Age"));
    }

    void browsersGetTheTargetPage() {
        for (const std::string ip : {"8.8.8.8", "2a02:2e0::1", "10.1.2.3"}) {
            auto page = as("9.9.9.9", "/" + ip, {kBrowser, kBrowserAccept});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, 200, page.status);
            CPPUNIT_ASSERT_EQUAL(std::string("text/html; charset=utf-8"), *page.header("Content-Type"));
            CPPUNIT_ASSERT_EQUAL(std::string("Accept, User-Agent"), *page.header("Vary"));
            const std::string csp = page.header("Content-Security-Policy").value_or("");
            CPPUNIT_ASSERT_MESSAGE(csp, csp.rfind("default-src 'none'; style-src 'sha256-", 0) == 0);
            CPPUNIT_ASSERT(has(csp, "form-action 'self'") && !has(csp, "script-src"));
            CPPUNIT_ASSERT(!has(page.body, "<script"));
            CPPUNIT_ASSERT_MESSAGE(ip, has(page.body, "data-field=\"ip\" data-value=\"" + ip + "\""));
            CPPUNIT_ASSERT(has(page.body, "href=\"/api/v1/rdap?query=" + ip + "\""));
            CPPUNIT_ASSERT(has(page.body, "href=\"/api/v1/blacklist/" + ip + "\""));
            // Everyone else, a browser's fetch() included, gets the JSON of the long form.
            auto json = as("9.9.9.9", "/" + ip, {kBrowser, "Accept: application/json"});
            CPPUNIT_ASSERT_EQUAL(std::string("application/json"), *json.header("Content-Type"));
            CPPUNIT_ASSERT_EQUAL(masked(as("9.9.9.9", "/api/v1/lookup/" + ip, {kBrowser}).body), masked(json.body));
        }
        auto g = as("9.9.9.9", "/8.8.8.8", {kBrowser, kBrowserAccept});
        CPPUNIT_ASSERT(has(g.body, "data-field=\"city\" data-value=\"Mountain View\""));
        CPPUNIT_ASSERT(has(g.body, "data-field=\"classification.kind\" data-value=\"public\""));
        auto priv = as("9.9.9.9", "/10.1.2.3", {kBrowser, kBrowserAccept});
        CPPUNIT_ASSERT_MESSAGE(priv.body, has(priv.body, "private address (RFC 1918): no geolocation"));
        // A name: its addresses, each a link to its own page, and its DNS, TLS and mail answers.
        auto named = as("9.9.9.9", "/ipfacts-fixture.net", {kBrowser, kBrowserAccept});
        CPPUNIT_ASSERT_EQUAL(200, named.status);
        CPPUNIT_ASSERT(has(named.body, "data-field=\"hostname\" data-value=\"ipfacts-fixture.net\""));
        CPPUNIT_ASSERT(has(named.body, "<a href=\"/2a02:2e0::1\">2a02:2e0::1</a>"));
        for (const char* link : {"/api/v1/dns?name=ipfacts-fixture.net", "/api/v1/ssl?host=ipfacts-fixture.net",
                                 "/api/v1/mx?domain=ipfacts-fixture.net", "/api/v1/rdap?query=ipfacts-fixture.net",
                                 "/api/v1/blacklist/8.8.8.8"})
            CPPUNIT_ASSERT_MESSAGE(link, has(named.body, std::string("href=\"") + link + "\""));
        // A name the resolver cannot answer: the page with the error's words, the lookup's status.
        auto name = as("9.9.9.9", "/example.com", {kBrowser, kBrowserAccept});
        CPPUNIT_ASSERT_EQUAL(as("9.9.9.9", "/api/v1/lookup/example.com").status, name.status);
        CPPUNIT_ASSERT(has(*name.header("Content-Type"), "text/html"));
        CPPUNIT_ASSERT(has(name.body, "<h1>example.com</h1>") && has(name.body, "data-error"));
    }

    void lookupFormRedirects() {
        const std::pair<std::string, std::string> cases[] = {{"8.8.8.8", "/8.8.8.8"},
                                                             {"+2001:db8::1+", "/2001:db8::1"},
                                                             {"example.com.", "/example.com"},
                                                             {"b%C3%BCcher.de", "/b%C3%BCcher.de"}};
        for (const auto& [q, location] : cases) {
            auto r = as("8.8.8.8", "/?q=" + q, {kBrowser, kBrowserAccept});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(q, 303, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(q, location, r.header("Location").value_or(""));
        }
        for (const std::string q : {"?q=favicon.ico", "?q=", "?q=a%20b.com", "?q=8.8.8.8&q=1.1.1.1", "?q=localhost"}) {
            auto r = as("8.8.8.8", "/" + q, {kBrowser, kBrowserAccept});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(q, 400, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(q, std::string("invalid_parameter"), errorOf(r));
        }
    }

    void perFieldPathsOfAnyAddress() {
        const std::pair<const char*, const char*> paths[] = {{"country", "country"}, {"country-name", "country_name"},
                                                             {"city", "city"},       {"region", "region"},
                                                             {"asn", "asn"},         {"as-name", "as_name"},
                                                             {"loc", "loc"},         {"timezone", "timezone"},
                                                             {"isp", "isp"},         {"rir", "rir"}};
        int values = 0, nulls = 0;
        for (const std::string ip : {"8.8.8.8", "1.1.1.1", "9.9.9.9", "2a02:2e0::1", "192.0.2.10"}) {
            auto looked = parseJson(as("81.2.69.160", "/api/v1/lookup/" + ip).body);
            for (const auto& [path, field] : paths) {
                const std::string where = ip + "/" + path;
                // Asked by someone else: the target's field, and the same as the caller's own path.
                auto r = as("81.2.69.160", "/" + ip + "/" + path, {kCurl});
                auto own = as(ip, std::string("/") + path, {kCurl});
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, own.status, r.status);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, own.body, r.body);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, own.header("X-Null-Reason").value_or(""),
                                             r.header("X-Null-Reason").value_or(""));
                const Poco::Dynamic::Var v = looked->get(field);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, v.isEmpty() ? std::string("\n") : asText(v) + "\n", r.body);
                ++(v.isEmpty() ? nulls : values);
            }
        }
        CPPUNIT_ASSERT(values >= 20 && nulls >= 10);  // both kinds really seen
        auto country = as("81.2.69.160", "/8.8.8.8/country", {kCurl});
        CPPUNIT_ASSERT_EQUAL(std::string("US\n"), country.body);
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=300"), *country.header("Cache-Control"));
        CPPUNIT_ASSERT_EQUAL(std::string("documentation address (RFC 5737): no geolocation"),
                             *as("8.8.8.8", "/192.0.2.10/city").header("X-Null-Reason"));
        auto unknown = as("8.8.8.8", "/8.8.8.8/colour");
        CPPUNIT_ASSERT_EQUAL(404, unknown.status);
        CPPUNIT_ASSERT_EQUAL(std::string("not_found"), errorOf(unknown));
        CPPUNIT_ASSERT_MESSAGE(messageOf(unknown), has(messageOf(unknown), "country, country-name, city"));
    }

    void privateCallerIsToldWhy() {
        // Run locally, the caller is loopback or private: /json says why in reasons, the page too.
        for (const auto& [client, words] : std::vector<std::pair<std::string, std::string>>{
                 {"127.0.0.1", "loopback address (RFC 1122)"}, {"10.1.2.3", "private address (RFC 1918)"}}) {
            auto json = parseJson(as(client, "/json").body);
            CPPUNIT_ASSERT_EQUAL(words + ": no geolocation",
                                 json->getObject("reasons")->getValue<std::string>("geolocation"));
            auto page = as(client, "/", {kBrowser, kBrowserAccept});
            CPPUNIT_ASSERT_MESSAGE(page.body,
                                   has(page.body, "Your address is a " + words + ", so there is no location to show."));
            CPPUNIT_ASSERT(has(page.body, "<form class=\"lookup\" method=\"get\" action=\"/\""));
        }
    }

    void lookupCarriesTheGeolocationOfJson() {
        for (const std::string ip : {"8.8.8.8", "89.160.20.113", "2a02:2e0::1", "1.1.1.1"}) {
            auto mine = parseJson(as(ip, "/json").body);
            auto looked = parseJson(as("9.9.9.9", "/api/v1/lookup/" + ip).body);
            for (const char* f : {"city", "region", "region_code", "country", "country_name", "postal", "loc",
                                  "timezone", "isp", "asn", "as_name", "as_domain", "rir", "geo_accuracy"})
                CPPUNIT_ASSERT_EQUAL_MESSAGE(ip + " " + f, asText(mine->get(f)), asText(looked->get(f)));
        }
        auto g = parseJson(as("9.9.9.9", "/api/v1/lookup/8.8.8.8").body);
        CPPUNIT_ASSERT_EQUAL(std::string("California"), g->getValue<std::string>("region"));
        CPPUNIT_ASSERT_EQUAL(std::string("94043"), g->getValue<std::string>("postal"));
        CPPUNIT_ASSERT_EQUAL(std::string("America/Los_Angeles"), g->getValue<std::string>("timezone"));
        CPPUNIT_ASSERT(
            g->get("as_domain").isEmpty());  // no source of this deployment has it (plugins/lookup/README.md)
    }

    void fieldsSelectMembers() {
        auto r = as("8.8.8.8", "/json?fields=asn,ip,loc", {kBrowser});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        // The answer's own order, whatever the order asked.
        CPPUNIT_ASSERT_EQUAL(std::string("{\"ip\":\"8.8.8.8\",\"loc\":\"37.4056,-122.0775\",\"asn\":15169}"), r.body);
        auto pretty = as("8.8.8.8", "/json?fields=ip,network", {kCurl});
        CPPUNIT_ASSERT_MESSAGE(pretty.body, pretty.body.rfind("{\n  \"ip\": \"8.8.8.8\",\n  \"network\": {\n", 0) == 0);
        CPPUNIT_ASSERT((keysOf(as("8.8.8.8", "/", {kCurl, "Accept: application/json", "X-A: 1"}).body).size() > 20));
        CPPUNIT_ASSERT_EQUAL(std::string("{\"ip\":\"8.8.8.8\"}"),
                             as("8.8.8.8", "/?fields=ip", {kBrowser, "Accept: application/json"}).body);
        auto unknown = as("8.8.8.8", "/json?fields=ip,colour", {kBrowser});
        CPPUNIT_ASSERT_EQUAL(400, unknown.status);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_field"), errorOf(unknown));
        CPPUNIT_ASSERT_MESSAGE(messageOf(unknown), has(messageOf(unknown), "`colour`"));
        CPPUNIT_ASSERT(has(messageOf(unknown), "valid: ip, version, hostname, city, region"));
        CPPUNIT_ASSERT(has(messageOf(unknown), "checked_at, source"));
        for (const std::string q : {"?fields=", "?fields=ip,,asn", "?fields=ip&fields=asn"}) {
            auto bad = as("8.8.8.8", "/json" + q, {kBrowser});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(q, std::string("invalid_parameter"), errorOf(bad));
        }
        // A lookup's fields are its own schema's; a text route offers none.
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_field"),
                             errorOf(as("8.8.8.8", "/api/v1/lookup/8.8.8.8?fields=user_agent", {kBrowser})));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_parameter"), errorOf(as("8.8.8.8", "/ip?fields=ip")));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_parameter"), errorOf(as("8.8.8.8", "/country?pretty=1")));
    }

    void unknownParameterOnEveryRoute() {
        auto doc = parseJson(get("/api/openapi.json").body);
        auto paths = doc->getObject("paths");
        int routes = 0;
        for (const auto& path : paths->getNames()) {
            // A concrete target for the template: each {param} an address literal.
            const std::string target = std::regex_replace(path, std::regex(R"(\{[^}]+\})"), "8.8.8.8");
            auto r = as("9.9.9.9", target + "?colour=red");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path, 400, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path, std::string("unknown_parameter"), errorOf(r));
            const std::string msg = messageOf(r);
            CPPUNIT_ASSERT_MESSAGE(msg, has(msg, "unknown parameter `colour` on " + path + "; accepted: "));
            // Every query parameter the operation declares is named as accepted, and key.
            auto params = paths->getObject(path)->getObject("get")->getArray("parameters");
            for (size_t i = 0; params && i < params->size(); ++i) {
                auto p = params->getObject(static_cast<unsigned>(i));
                if (p->has("$ref")) continue;
                if (p->getValue<std::string>("in") == "query")
                    CPPUNIT_ASSERT_MESSAGE(msg, has(msg, p->getValue<std::string>("name")));
            }
            CPPUNIT_ASSERT_MESSAGE(msg, has(msg, "_") && has(msg, ", key"));
            ++routes;
        }
        CPPUNIT_ASSERT(routes > 40);
        // A typo never answers something else: /json?ip= does not report 8.8.8.8.
        auto typo = as("9.9.9.9", "/json?ip=8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_parameter"), errorOf(typo));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown parameter `ip` on /json; accepted: full, pretty, fields, _, key"),
                             messageOf(typo));
    }

    void hostParametersAreAccepted() {
        // `_`, the cache-buster, everywhere: host routes, text routes, JSON routes.
        for (const std::string target :
             {"/?_=1", "/ip?_=1", "/country?_=2", "/json?_=3", "/api/openapi.json?_=4", "/healthz?_=5", "/status?_=6",
              "/api/v1/status?_=7", "/8.8.8.8?_=8", "/api/v1/ua?ua=curl%2F8&_=9"}) {
            auto r = as("8.8.8.8", target, {kBrowser});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(target + " " + r.body, 200, r.status);
        }
        // The key in the query is accepted on every route (docs/api.md, "Keys"), a text route included.
        const std::string key = Service::instance().issueKey("front-door-query@example");
        auto r = as("8.8.8.8", "/country?key=" + key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(has(*r.header("X-RateLimit-Policy"), ":key"));
    }

    void pageInChromium() {
        // A daemon of its own that trusts 127.0.0.1, where Chromium connects from, so that the
        // page shows a fixture address's facts (X-Forwarded-For from the browser).
        Service s("frontdoor", [](std::string& m) {
            const std::string from = "trusted_proxies: [\"127.0.0.2/32\", \"127.0.0.3/32\"]";
            const size_t at = m.find(from);
            if (at == std::string::npos) throw std::runtime_error("the suite's trusted_proxies line moved");
            m.replace(at, from.size(), "trusted_proxies: [\"127.0.0.1/32\", \"127.0.0.2/32\"]");
        });
        s.start();
        const std::string out = Service::buildDir() + "/tests/browser";
        const std::string cmd = "node " + Service::sourceDir() +
                                "/tests/browser/front-page.mjs http://127.0.0.1:" + std::to_string(s.port()) + " " +
                                out + " 8.8.8.8 2>&1";
        std::string report;
        try {
            report = runCommand(cmd);
        } catch (const std::exception& e) {
            CPPUNIT_FAIL(std::string(e.what()) + "\n" + runCommand(cmd + " || true"));
        }
        CPPUNIT_ASSERT_MESSAGE(report, has(report, "front page: ok"));
        const std::string lookup = "node " + Service::sourceDir() +
                                   "/tests/browser/target-page.mjs http://127.0.0.1:" + std::to_string(s.port()) + " " +
                                   out + " 8.8.8.8 2>&1";
        try {
            report = runCommand(lookup);
        } catch (const std::exception& e) {
            CPPUNIT_FAIL(std::string(e.what()) + "\n" + runCommand(lookup + " || true"));
        }
        CPPUNIT_ASSERT_MESSAGE(report, has(report, "target page: ok"));
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FrontDoorTest);
