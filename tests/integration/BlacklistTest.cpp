// /api/v1/blacklist/{ip} against the fake blocklists of tests/dns (zone
// bl.test, catalogue tests/dns/blocklists.yaml) through the named resolver
// `blocklists`: the fixture's "lists" unbound, whose exact query count
// unbound-control reads.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

#include <fstream>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

Object::Ptr blacklist(const std::string& ip) {
    auto r = get("/api/v1/blacklist/" + ip);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    // The fixture's Broken List (SERVFAIL) and Wildcard List (unusable) make every
    // answer transient: kept by no cache, sent no-store (a sound answer keeps the
    // route's public, max-age=3600: unit.dnsbl and unit.host show both sides).
    CPPUNIT_ASSERT_EQUAL(std::string("no-store"), *r.header("Cache-Control"));
    return parseJson(r.body);
}

/// The row of the list named `name`.
Object::Ptr row(const Object::Ptr& body, const std::string& name) {
    auto results = body->getArray("results");
    for (size_t i = 0; i < results->size(); ++i) {
        auto r = results->getObject(static_cast<unsigned>(i));
        if (r->getValue<std::string>("list") == name) return r;
    }
    CPPUNIT_FAIL("no row for " + name);
    return nullptr;
}

std::vector<std::string> strings(const Object::Ptr& o, const std::string& key) {
    std::vector<std::string> out;
    auto a = o->getArray(key);
    for (size_t i = 0; i < a->size(); ++i) out.push_back(a->getElement<std::string>(static_cast<unsigned>(i)));
    return out;
}

std::string text(const Object::Ptr& o, const std::string& key) {
    return o->isNull(key) ? std::string("null") : o->getValue<std::string>(key);
}

/// Queries the "lists" unbound has received since it started (total.num.queries).
long listsResolverQueries() {
    const std::string conf = Service::dnsServerPorts().at("LISTS_CONF");
    const std::string out = runCommand("unbound-control -c " + conf + " stats_noreset");
    const std::string key = "total.num.queries=";
    const size_t at = out.find(key);
    CPPUNIT_ASSERT_MESSAGE(out, at != std::string::npos);
    return std::stol(out.substr(at + key.size()));
}

}  // namespace

class BlacklistTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BlacklistTest);
    CPPUNIT_TEST(listedAddressHasCodesAndTxtInCatalogueOrder);
    CPPUNIT_TEST(refusedAnswerIsAnErrorRowNotAListing);
    CPPUNIT_TEST(outOfRangeLoopbackAndUndocumentedAreErrors);
    CPPUNIT_TEST(wildcardZoneIsMarkedUnusable);
    CPPUNIT_TEST(unlistedAddressIsClean);
    CPPUNIT_TEST(ipv6IsAskedByNibbles);
    CPPUNIT_TEST(secondRequestIsServedFromCacheWithoutDnsTraffic);
    CPPUNIT_TEST(nonPublicAndMalformedAddressesAre400WithoutDns);
    CPPUNIT_TEST(checkConfigRefusesAnUndefinedResolver);
    CPPUNIT_TEST_SUITE_END();

public:
    void listedAddressHasCodesAndTxtInCatalogueOrder() {
        auto body = blacklist("192.0.3.2");
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.3.2"), body->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_EQUAL(4, body->getValue<int>("version"));
        CPPUNIT_ASSERT_EQUAL(4, body->getValue<int>("total_count"));
        CPPUNIT_ASSERT_EQUAL(2, body->getValue<int>("listed_count"));  // Test List and IPv4 List
        auto results = body->getArray("results");
        const std::vector<std::string> order{"Test List", "IPv4 List", "Wildcard List", "Broken List"};
        for (size_t i = 0; i < order.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(order[i], results->getObject(static_cast<unsigned>(i))->getValue<std::string>("list"));
        auto test = row(body, "Test List");
        CPPUNIT_ASSERT(test->getValue<bool>("listed"));
        CPPUNIT_ASSERT_EQUAL(std::string("bl.test"), test->getValue<std::string>("zone"));
        CPPUNIT_ASSERT(strings(test, "codes") == std::vector<std::string>{"127.0.0.2"});
        CPPUNIT_ASSERT_EQUAL(std::string("spam source; the list says: Listed for spam, see https://bl.test/192.0.3.2"),
                             test->getValue<std::string>("reason"));
        CPPUNIT_ASSERT_EQUAL(std::string("https://bl.test/lookup?ip=192.0.3.2"),
                             test->getValue<std::string>("lookup_url"));
        CPPUNIT_ASSERT(test->isNull("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("usable"), test->getObject("zone_health")->getValue<std::string>("status"));
        auto broken = row(body, "Broken List");
        CPPUNIT_ASSERT(!broken->getValue<bool>("listed"));
        CPPUNIT_ASSERT_EQUAL(std::string("the query failed: the DNS resolver answered SERVFAIL"),
                             text(broken, "error"));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), broken->getObject("zone_health")->getValue<std::string>("status"));
    }
    void refusedAnswerIsAnErrorRowNotAListing() {
        auto body = blacklist("192.0.3.4");
        CPPUNIT_ASSERT_EQUAL(0, body->getValue<int>("listed_count"));
        auto test = row(body, "Test List");
        CPPUNIT_ASSERT(!test->getValue<bool>("listed"));
        CPPUNIT_ASSERT(strings(test, "codes").empty());
        CPPUNIT_ASSERT(test->isNull("reason"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("the list refused the query: query via a public or open resolver (127.255.255.254)"),
            text(test, "error"));
        CPPUNIT_ASSERT(strings(test, "answer") == std::vector<std::string>{"127.255.255.254"});
    }
    void outOfRangeLoopbackAndUndocumentedAreErrors() {
        const std::vector<std::pair<std::string, std::string>> cases{
            {"192.0.3.5", "the list answered 10.0.0.5, outside 127.0.0.0/8: not a listing"},
            {"192.0.3.6", "the list answered 127.0.0.1, which RFC 5782 keeps for \"not listed\": not a listing"},
            {"192.0.3.7", "the list answered 127.0.0.99, a code it does not document: not a listing"}};
        for (const auto& [ip, error] : cases) {
            auto body = blacklist(ip);
            CPPUNIT_ASSERT_EQUAL(0, body->getValue<int>("listed_count"));
            auto test = row(body, "Test List");
            CPPUNIT_ASSERT(!test->getValue<bool>("listed"));
            CPPUNIT_ASSERT_MESSAGE(text(test, "error"), text(test, "error").rfind(error, 0) == 0);
            CPPUNIT_ASSERT_EQUAL(size_t(1), strings(test, "answer").size());
        }
    }
    void wildcardZoneIsMarkedUnusable() {
        auto wild = row(blacklist("192.0.3.8"), "Wildcard List");
        CPPUNIT_ASSERT(!wild->getValue<bool>("listed"));
        CPPUNIT_ASSERT(!wild->getValue<bool>("zone_usable"));
        auto health = wild->getObject("zone_health");
        CPPUNIT_ASSERT_EQUAL(std::string("unusable"), health->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("the RFC 5782 test point 127.0.0.1 is listed (127.0.0.2): the zone answers every "
                        "name, so its listings mean nothing"),
            health->getValue<std::string>("reason"));
        CPPUNIT_ASSERT(text(wild, "error").rfind("not used: the zone failed its health check: ", 0) == 0);
    }
    void unlistedAddressIsClean() {
        auto body = blacklist("192.0.3.1");
        CPPUNIT_ASSERT_EQUAL(0, body->getValue<int>("listed_count"));
        for (const char* name : {"Test List", "IPv4 List"}) {
            auto r = row(body, name);
            CPPUNIT_ASSERT(!r->getValue<bool>("listed"));
            CPPUNIT_ASSERT(r->isNull("error"));
            CPPUNIT_ASSERT(strings(r, "answer").empty());
        }
    }
    void ipv6IsAskedByNibbles() {
        auto body = blacklist("2600::2");
        CPPUNIT_ASSERT_EQUAL(6, body->getValue<int>("version"));
        CPPUNIT_ASSERT_EQUAL(1, body->getValue<int>("listed_count"));
        CPPUNIT_ASSERT(row(body, "Test List")->getValue<bool>("listed"));
        auto v4 = row(body, "IPv4 List");
        CPPUNIT_ASSERT(!v4->getValue<bool>("queried"));
        CPPUNIT_ASSERT_EQUAL(std::string("not asked: IPv4 List lists IPv4 addresses only"), text(v4, "error"));
        auto refused = row(blacklist("2600::4"), "Test List");
        CPPUNIT_ASSERT(!refused->getValue<bool>("listed"));
        CPPUNIT_ASSERT(text(refused, "error").rfind("the list refused the query", 0) == 0);
    }
    void secondRequestIsServedFromCacheWithoutDnsTraffic() {
        blacklist("192.0.3.1");  // the zones' health is checked (once an hour) before counting
        const long before = listsResolverQueries();
        auto first = blacklist("192.0.3.3");
        const long afterFirst = listsResolverQueries();
        // Test List A and TXT, IPv4 List A, Broken List A; the unusable Wildcard List is not asked.
        CPPUNIT_ASSERT_EQUAL(4L, afterFirst - before);
        CPPUNIT_ASSERT(
            (strings(row(first, "Test List"), "codes") == std::vector<std::string>{"127.0.0.3", "127.0.0.4"}) ||
            (strings(row(first, "Test List"), "codes") == std::vector<std::string>{"127.0.0.4", "127.0.0.3"}));
        CPPUNIT_ASSERT(!row(first, "Test List")->getValue<bool>("from_cache"));

        // The same URL: the Broken List row (SERVFAIL) makes every answer of this
        // catalogue transient, so the host's response cache keeps none (no Age)
        // and clients are told no-store; the plugin's own cache answers every
        // row, so no DNS traffic either.
        auto again = get("/api/v1/blacklist/192.0.3.3");
        CPPUNIT_ASSERT_EQUAL(200, again.status);
        CPPUNIT_ASSERT(!again.header("Age"));
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), *again.header("Cache-Control"));
        CPPUNIT_ASSERT(row(parseJson(again.body), "Test List")->getValue<bool>("from_cache"));
        CPPUNIT_ASSERT_EQUAL(afterFirst, listsResolverQueries());

        // The same address spelled another way: the plugin runs, every row from its cache.
        auto mapped = blacklist("::ffff:192.0.3.3");
        CPPUNIT_ASSERT_EQUAL(afterFirst, listsResolverQueries());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.3.3"), mapped->getValue<std::string>("ip"));
        for (const char* name : {"Test List", "IPv4 List", "Broken List"})
            CPPUNIT_ASSERT(row(mapped, name)->getValue<bool>("from_cache"));
        CPPUNIT_ASSERT_EQUAL(first->getValue<int>("listed_count"), mapped->getValue<int>("listed_count"));
    }
    void nonPublicAndMalformedAddressesAre400WithoutDns() {
        const long before = listsResolverQueries();
        for (const char* ip : {"10.0.0.1", "127.0.0.2", "192.0.2.1", "fe80::1", "::ffff:192.168.1.1"}) {
            auto r = get(std::string("/api/v1/blacklist/") + ip);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ip, 400, r.status);
            auto body = parseJson(r.body);
            CPPUNIT_ASSERT_EQUAL(std::string("not_public_address"), body->getValue<std::string>("error"));
            CPPUNIT_ASSERT(body->getValue<std::string>("message").find("is not a public address (") !=
                           std::string::npos);
        }
        auto bad = get("/api/v1/blacklist/192.0.3.300");
        CPPUNIT_ASSERT_EQUAL(400, bad.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_address"), parseJson(bad.body)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(before, listsResolverQueries());
    }
    void checkConfigRefusesAnUndefinedResolver() {
        const std::string file = Service::instance().stateDir() + "/dnsbl-resolver.yaml";
        std::ofstream(file) << "plugin_dir: " + Service::buildDir() +
                                   "/plugins\n"
                                   "resolver:\n"
                                   "  named:\n"
                                   "    lists: { servers: [\"127.0.0.1:5335\"] }\n"
                                   "plugins:\n"
                                   "  dnsbl:\n"
                                   "    library: dnsbl\n"
                                   "    config: { catalogue: " +
                                   Service::sourceDir() +
                                   "/etc/blocklists.yaml, resolver: blocklists }\n"
                                   "routes:\n"
                                   "  - { path: \"/b/{ip}\", handler: dnsbl.lookup }\n";
        const std::string out =
            runCommand(Service::buildDir() + "/host/ipfactsd --check-config " + file + " 2>&1; echo exit=$?");
        CPPUNIT_ASSERT_MESSAGE(
            out, out.find("dnsbl-resolver.yaml:8: plugin dnsbl: config key resolver names the resolver "
                          "'blocklists', which resolver.named does not define (it has: lists)") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("exit=1") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BlacklistTest);
