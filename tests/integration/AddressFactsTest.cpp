// /json, /api/v1/ip, /ip.md and /api/v1/lookup over the netdb facility, with
// the small mmdb and ASN fixtures of tests/fixtures/netdb and the real IANA
// registries of etc/netdb. Forwarded addresses come from 127.0.0.2, a trusted proxy.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <csignal>
#include <regex>
#include <thread>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

HttpReply viaProxy(const std::string& target, const std::string& client) {
    HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
    return c.get(target, {"X-Forwarded-For: " + client});
}

Object::Ptr lookup(const std::string& target, int status = 200) {
    auto r = get("/api/v1/lookup/" + target);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, status, r.status);
    return parseJson(r.body);
}

/// The body with the fields that legitimately differ between two requests masked.
std::string masked(std::string body) {
    body = std::regex_replace(body, std::regex(R"("checked_at":"[^"]*")"), R"("checked_at":"-")");
    body = std::regex_replace(body, std::regex(R"("rtt_ms":[0-9.]+)"), R"("rtt_ms":0)");
    return std::regex_replace(body, std::regex(R"("local_time":"[^"]*")"), R"("local_time":"-")");
}

}  // namespace

class AddressFactsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AddressFactsTest);
    CPPUNIT_TEST(forwardedPublicAddressIsLocated);
    CPPUNIT_TEST(everyIpReportFieldIsPresent);
    CPPUNIT_TEST(jsonAndApiV1IpAreTheSame);
    CPPUNIT_TEST(countryOnlyAccuracy);
    CPPUNIT_TEST(unplaceableCallerHasTheLookupsReasons);
    CPPUNIT_TEST(fullResolvesTheHostname);
    CPPUNIT_TEST(hostnameReasonsMatchTheReverseEndpoint);
    CPPUNIT_TEST(fullTakesOnlyOne);
    CPPUNIT_TEST(markdownHasFiveLines);
    CPPUNIT_TEST(markdownLabelFollowsGeoAccuracy);
    CPPUNIT_TEST(lookupOfDocumentationAddress);
    CPPUNIT_TEST(lookupOfMappedAddressUsesTheEmbeddedOne);
    CPPUNIT_TEST(lookupOfSharedAddress);
    CPPUNIT_TEST(lookupOfPublicAddress);
    CPPUNIT_TEST(lookupOfHostname);
    CPPUNIT_TEST(lookupErrors);
    CPPUNIT_TEST(truncatedAnswerIsRetriedOverTcp);
    CPPUNIT_TEST(privacyMeterIsSharedAndRunsOut);
    CPPUNIT_TEST(sighupReloadsWithoutDroppingRequests);
    CPPUNIT_TEST_SUITE_END();

public:
    void forwardedPublicAddressIsLocated() {
        auto r = viaProxy("/json", "8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        auto b = parseJson(r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("8.8.8.8"), b->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_EQUAL(std::string("US"), b->getValue<std::string>("country"));
        CPPUNIT_ASSERT_EQUAL(15169, b->getValue<int>("asn"));
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), b->getValue<std::string>("rir"));
        CPPUNIT_ASSERT_EQUAL(std::string("Mountain View"), b->getValue<std::string>("city"));
        CPPUNIT_ASSERT_EQUAL(std::string("NA"), b->getValue<std::string>("continent"));
        CPPUNIT_ASSERT_EQUAL(std::string("37.4056,-122.0775"), b->getValue<std::string>("loc"));
        CPPUNIT_ASSERT_EQUAL(std::string("America/Los_Angeles"), b->getValue<std::string>("timezone"));
        CPPUNIT_ASSERT(std::regex_match(b->getValue<std::string>("local_time"),
                                        std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[78]:00)")));
        CPPUNIT_ASSERT_EQUAL(std::string("approximate"), b->getValue<std::string>("geo_accuracy"));
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), b->getValue<std::string>("connection_type"));
    }

    void everyIpReportFieldIsPresent() {
        auto b = parseJson(get("/json").body);
        for (const char* f : {"ip",
                              "version",
                              "hostname",
                              "city",
                              "region",
                              "region_code",
                              "country",
                              "country_name",
                              "continent",
                              "postal",
                              "loc",
                              "timezone",
                              "local_time",
                              "isp",
                              "asn",
                              "as_name",
                              "as_domain",
                              "rir",
                              "connection_type",
                              "privacy",
                              "network",
                              "user_agent",
                              "accepts_language",
                              "geo_accuracy",
                              "checked_at",
                              "source"})
            CPPUNIT_ASSERT_MESSAGE(f, b->has(f));
        auto n = b->getObject("network");
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1"), n->getValue<std::string>("protocol"));
        CPPUNIT_ASSERT_EQUAL(std::string("none"), n->getValue<std::string>("tls"));
        CPPUNIT_ASSERT_EQUAL(std::string("test1"), n->getValue<std::string>("edge"));
        CPPUNIT_ASSERT(n->getValue<double>("rtt_ms") >= 0);
        // 127.0.0.1 is loopback: no location, no network owner.
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), b->getValue<std::string>("connection_type"));
        CPPUNIT_ASSERT(b->get("country").isEmpty() && b->get("asn").isEmpty());
        CPPUNIT_ASSERT(b->get("hostname").isEmpty());  // not asked for without full=1
    }

    void jsonAndApiV1IpAreTheSame() {
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
        auto a = c.get("/json", {"X-Forwarded-For: 81.2.69.160", "User-Agent: t/1", "Accept-Language: en"});
        auto b = c.get("/api/v1/ip", {"X-Forwarded-For: 81.2.69.160", "User-Agent: t/1", "Accept-Language: en"});
        CPPUNIT_ASSERT_EQUAL(masked(a.body), masked(b.body));
        CPPUNIT_ASSERT(a.body.find("London") != std::string::npos);
    }

    void countryOnlyAccuracy() {
        auto b = parseJson(viaProxy("/json", "1.1.1.1").body);
        CPPUNIT_ASSERT_EQUAL(std::string("AU"), b->getValue<std::string>("country"));
        CPPUNIT_ASSERT(b->get("city").isEmpty());
        CPPUNIT_ASSERT_EQUAL(std::string("country-only"), b->getValue<std::string>("geo_accuracy"));
        CPPUNIT_ASSERT_EQUAL(13335, b->getValue<int>("asn"));
    }

    // A caller netdb does not place gets the reasons /api/v1/lookup gives for
    // the same address, on both paths alike (special-purpose space, and public
    // space no fixture file holds: 9.9.9.9); a placed caller gets none.
    void unplaceableCallerHasTheLookupsReasons() {
        HttpClient proxy("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
        for (const std::string ip : {"127.0.0.1", "10.1.2.3", "192.0.2.10", "2001:db8::7", "9.9.9.9"}) {
            const std::vector<std::string> forwarded{"X-Forwarded-For: " + ip};
            auto json = ip == "127.0.0.1" ? get("/json") : proxy.get("/json", forwarded);
            auto api = ip == "127.0.0.1" ? get("/api/v1/ip") : proxy.get("/api/v1/ip", forwarded);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, 200, json.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, masked(json.body), masked(api.body));
            auto mine = parseJson(json.body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, ip, mine->getValue<std::string>("ip"));
            CPPUNIT_ASSERT_MESSAGE(ip, mine->get("country").isEmpty() && mine->get("asn").isEmpty());
            auto theirs = lookup(ip)->getObject("reasons");
            auto reasons = mine->getObject("reasons");
            CPPUNIT_ASSERT_MESSAGE(ip, reasons && theirs);
            for (const char* group : {"geolocation", "network"})
                CPPUNIT_ASSERT_EQUAL_MESSAGE(ip + " " + group, theirs->getValue<std::string>(group),
                                             reasons->getValue<std::string>(group));
        }
        auto loopback = parseJson(get("/json").body)->getObject("reasons");
        CPPUNIT_ASSERT_EQUAL(std::string("loopback address (RFC 1122): no geolocation"),
                             loopback->getValue<std::string>("geolocation"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("private address (RFC 1918): no network owner"),
            parseJson(viaProxy("/json", "10.1.2.3").body)->getObject("reasons")->getValue<std::string>("network"));
        CPPUNIT_ASSERT(!parseJson(viaProxy("/json", "8.8.8.8").body)->has("reasons"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("the address database has no location for this address"),
            parseJson(viaProxy("/json", "9.9.9.9").body)->getObject("reasons")->getValue<std::string>("geolocation"));
        // No location but an AS (24.0.0.0/14 is only in the AS file): the
        // network owner is known, so only the location is explained, as lookup does.
        auto mine = parseJson(viaProxy("/json", "24.0.0.1").body);
        CPPUNIT_ASSERT_EQUAL(7922, mine->getValue<int>("asn"));
        CPPUNIT_ASSERT(!mine->getObject("reasons")->has("network"));
        CPPUNIT_ASSERT_EQUAL(lookup("24.0.0.1")->getObject("reasons")->getValue<std::string>("geolocation"),
                             mine->getObject("reasons")->getValue<std::string>("geolocation"));
    }

    void fullResolvesTheHostname() {
        auto b = parseJson(viaProxy("/json?full=1", "192.0.2.10").body);
        CPPUNIT_ASSERT_EQUAL(std::string("host.example.test"), b->getValue<std::string>("hostname"));
        CPPUNIT_ASSERT(b->get("privacy").isEmpty());
        CPPUNIT_ASSERT(b->getObject("reasons")->has("privacy"));
        CPPUNIT_ASSERT(!b->getObject("reasons")->has("hostname"));
        auto none = parseJson(viaProxy("/json?full=1", "192.0.2.12").body);
        CPPUNIT_ASSERT(none->get("hostname").isEmpty());
        CPPUNIT_ASSERT_EQUAL(std::string("no PTR record: NXDOMAIN (the reverse name does not exist)"),
                             none->getObject("reasons")->getValue<std::string>("hostname"));
    }

    void hostnameReasonsMatchTheReverseEndpoint() {
        // One wording for one cause: full=1's reasons.hostname is the reverse
        // endpoint's reasons.hostnames, for NXDOMAIN and for a refused query.
        for (const char* ip : {"192.0.2.12", "8.8.4.4"}) {
            auto full = parseJson(viaProxy("/api/v1/ip?full=1", ip).body);
            auto reverse = parseJson(get(std::string("/api/v1/reverse/") + ip).body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, reverse->getObject("reasons")->getValue<std::string>("hostnames"),
                                         full->getObject("reasons")->getValue<std::string>("hostname"));
        }
    }

    void fullTakesOnlyOne() {
        for (const char* t : {"/json?full=2", "/json?full=", "/api/v1/ip?full=1&full=1", "/json?full=true"}) {
            auto r = get(t);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(t, 400, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), parseJson(r.body)->getValue<std::string>("error"));
        }
    }

    void markdownHasFiveLines() {
        auto r = viaProxy("/ip.md", "8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(r.header("Content-Type")->rfind("text/markdown", 0) == 0);
        std::vector<std::string> lines;
        std::string line;
        for (char ch : r.body) {
            if (ch == '\n')
                lines.push_back(line), line.clear();
            else
                line += ch;
        }
        CPPUNIT_ASSERT(line.empty());  // ends with a newline
        CPPUNIT_ASSERT_EQUAL(size_t(5), lines.size());
        CPPUNIT_ASSERT_EQUAL(std::string("# Your IP address"), lines[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("- IP: 8.8.8.8 (IPv4)"), lines[1]);
        CPPUNIT_ASSERT(lines[2].find("Mountain View") != std::string::npos);
        CPPUNIT_ASSERT(lines[3].find("AS15169") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("- Source: http://ipfacts.test/ip.md"), lines[4]);
    }

    // The location's label is geo_accuracy: a country alone is not "approximate".
    void markdownLabelFollowsGeoAccuracy() {
        auto lineOf = [](const std::string& body) { return body.substr(body.find("- Location: ")); };
        CPPUNIT_ASSERT_EQUAL(std::string("country-only"),
                             parseJson(viaProxy("/json", "1.1.1.1").body)->getValue<std::string>("geo_accuracy"));
        CPPUNIT_ASSERT_EQUAL(
            0u, unsigned(lineOf(viaProxy("/ip.md", "1.1.1.1").body).find("- Location: Australia (country-only)\n")));
        CPPUNIT_ASSERT(lineOf(viaProxy("/ip.md", "8.8.8.8").body).find("Mountain View") != std::string::npos);
        CPPUNIT_ASSERT(viaProxy("/ip.md", "8.8.8.8").body.find(" (approximate)\n- ISP:") != std::string::npos);
        CPPUNIT_ASSERT(viaProxy("/ip.md", "10.1.2.3").body.find("- Location: unknown\n") != std::string::npos);
    }

    void lookupOfDocumentationAddress() {
        auto b = lookup("192.0.2.1");
        auto c = b->getObject("classification");
        CPPUNIT_ASSERT_EQUAL(std::string("documentation"), c->getValue<std::string>("kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("RFC 5737"), c->getValue<std::string>("rfc"));
        CPPUNIT_ASSERT(!c->getValue<bool>("routable"));
        CPPUNIT_ASSERT(b->get("city").isEmpty() && b->get("country").isEmpty() && b->get("asn").isEmpty());
    }

    void lookupOfMappedAddressUsesTheEmbeddedOne() {
        auto c = lookup("::ffff:10.0.0.1")->getObject("classification");
        CPPUNIT_ASSERT_EQUAL(std::string("private"), c->getValue<std::string>("kind"));
        CPPUNIT_ASSERT(c->getValue<std::string>("rfc").find("1918") != std::string::npos);
    }

    void lookupOfSharedAddress() {
        auto c = lookup("100.64.0.1")->getObject("classification");
        CPPUNIT_ASSERT_EQUAL(std::string("shared"), c->getValue<std::string>("kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("RFC 6598"), c->getValue<std::string>("rfc"));
    }

    void lookupOfPublicAddress() {
        auto b = lookup("8.8.8.8");
        CPPUNIT_ASSERT_EQUAL(std::string("public"), b->getObject("classification")->getValue<std::string>("kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("US"), b->getValue<std::string>("country"));
        CPPUNIT_ASSERT_EQUAL(15169, b->getValue<int>("asn"));
        CPPUNIT_ASSERT(lookup("2001:4860::8888")->getValue<int>("version") == 6);
    }

    void lookupOfHostname() {
        auto b = lookup("www.example.test");
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), b->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_EQUAL(std::string("www.example.test"), b->getValue<std::string>("hostname"));
        auto addresses = b->getArray("addresses");
        CPPUNIT_ASSERT_EQUAL(size_t(2), addresses->size());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), addresses->getElement<std::string>(1));
    }

    void lookupErrors() {
        CPPUNIT_ASSERT_EQUAL(std::string("name_not_found"),
                             lookup("nonexistent.example.test", 404)->getValue<std::string>("error"));
        for (const char* bad : {"fe80::1%25eth0", "999.1.1.1", "bad_name!.test", "a..b"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string("invalid_target"),
                                         lookup(bad, 400)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_target"),
                             lookup(std::string(300, 'a') + ".test", 400)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"),
                             lookup("8.8.8.8?privacy=yes", 400)->getValue<std::string>("error"));
    }
    void truncatedAnswerIsRetriedOverTcp() {
        // many.example.test has 120 A records: too big for a 1232-byte UDP
        // answer, so the resolver facility must fall back to TCP to see them all.
        auto b = lookup("many.example.test");
        CPPUNIT_ASSERT_EQUAL(size_t(120), b->getArray("addresses")->size());
    }

    void privacyMeterIsSharedAndRunsOut() {
        // The test manifest gives the privacy meter 3 uses a day per address.
        awayFromDayEdge();
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.9");
        auto reasonOf = [](const HttpReply& r) {
            return parseJson(r.body)->getObject("reasons")->getValue<std::string>("privacy");
        };
        CPPUNIT_ASSERT_EQUAL(std::string("no privacy provider is configured"), reasonOf(c.get("/json?full=1")));
        CPPUNIT_ASSERT_EQUAL(std::string("no privacy provider is configured"), reasonOf(c.get("/api/v1/ip?full=1")));
        CPPUNIT_ASSERT_EQUAL(std::string("no privacy provider is configured"),
                             reasonOf(c.get("/api/v1/lookup/192.0.2.1?privacy=1")));
        auto spent = c.get("/json?full=1");
        CPPUNIT_ASSERT_EQUAL(200, spent.status);
        const std::regex allowanceSpent(
            R"(meter spent: the daily privacy allowance of the calling address is spent; it resets at \d{4}-\d\d-\d\dT00:00:00Z)");
        CPPUNIT_ASSERT_MESSAGE(spent.body, std::regex_match(reasonOf(spent), allowanceSpent));
        CPPUNIT_ASSERT(parseJson(spent.body)->get("hostname").isEmpty());
        CPPUNIT_ASSERT_EQUAL(reasonOf(spent),
                             parseJson(spent.body)->getObject("reasons")->getValue<std::string>("hostname"));
        // The lookup's privacy=1 says the same, not that a provider is missing.
        CPPUNIT_ASSERT_MESSAGE(spent.body,
                               std::regex_match(reasonOf(c.get("/api/v1/lookup/192.0.2.1?privacy=1")), allowanceSpent));
        // Without full nothing is spent and nothing is refused.
        CPPUNIT_ASSERT_EQUAL(200, c.get("/json").status);
    }

    void sighupReloadsWithoutDroppingRequests() {
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.2");
        CPPUNIT_ASSERT(Service::instance().signal(SIGHUP));
        for (int i = 0; i < 50; ++i) {
            auto r = c.get("/json", {"X-Forwarded-For: 8.8.8.8"});
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT_EQUAL(15169, parseJson(r.body)->getValue<int>("asn"));
        }
        for (int i = 0; i < 100 && Service::instance().log().find("SIGHUP: netdb reloaded") == std::string::npos; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        CPPUNIT_ASSERT(Service::instance().log().find("SIGHUP: netdb reloaded") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(15169, parseJson(c.get("/json", {"X-Forwarded-For: 8.8.8.8"}).body)->getValue<int>("asn"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AddressFactsTest);
