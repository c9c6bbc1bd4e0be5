// The http facility as a plugin sees it: the test plugin `fetch` asks the host
// to fetch URLs; the host's guard, upstream policies and budgets decide. Only
// loopback is ever a target: 127.0.0.1 is on the suite's allow list, 127.0.0.2
// is not (the guard refuses it as loopback without opening a socket).
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::testing;

namespace {

/// The results array of /test/fetch for these URLs.
Poco::JSON::Array::Ptr fetch(const std::vector<std::string>& urls) {
    std::string q;
    for (const auto& u : urls) q += (q.empty() ? "?url=" : "&url=") + urlEncode(u);
    auto r = get("/test/fetch" + q);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    return parseJson(r.body)->getArray("results");
}

std::string self(const std::string& host, const std::string& path, const std::string& scheme = "http") {
    return scheme + "://" + host + ":" + std::to_string(Service::instance().port()) + path;
}

}  // namespace

class HttpFacilityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HttpFacilityTest);
    CPPUNIT_TEST(allowedUpstreamIsFetched);
    CPPUNIT_TEST(guardRefusesWhatTheAllowListDoesNotOpen);
    CPPUNIT_TEST(tlsVerificationFailureIsAnError);
    CPPUNIT_TEST(httpsOnlyForAnUnnamedHost);
    CPPUNIT_TEST(upstreamBudgetRefusesPastItsMinute);
    CPPUNIT_TEST_SUITE_END();

public:
    void allowedUpstreamIsFetched() {
        auto results = fetch({self("127.0.0.1", "/ip"), self("127.0.0.1", "/nope")});
        auto ok = results->getObject(0);
        CPPUNIT_ASSERT_EQUAL(200, ok->getValue<int>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), ok->getValue<std::string>("body"));
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), ok->getValue<std::string>("peer"));
        CPPUNIT_ASSERT(ok->get("error").isEmpty());
        // A 404 is an answer, not an error.
        CPPUNIT_ASSERT_EQUAL(404, results->getObject(1)->getValue<int>("status"));
        CPPUNIT_ASSERT(results->getObject(1)->get("error").isEmpty());
    }

    void guardRefusesWhatTheAllowListDoesNotOpen() {
        for (const std::string host : {"127.0.0.2", "[::ffff:127.0.0.2]", "[::1]"}) {
            // https: no upstream names these hosts, so only https is allowed; the guard answers first.
            auto r = fetch({self(host, "/ip", "https")})->getObject(0);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(host, 0, r->getValue<int>("status"));
            std::string error = r->getValue<std::string>("error");
            CPPUNIT_ASSERT_MESSAGE(host + ": " + error, error.rfind("refused: ", 0) == 0);
            CPPUNIT_ASSERT_MESSAGE(host + ": " + error, error.find("loopback") != std::string::npos);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(host, std::string(""), r->getValue<std::string>("peer"));
        }
    }

    void tlsVerificationFailureIsAnError() {
        // The suite's TLS listener has a self-signed certificate no CA file names.
        auto r = fetch({"https://127.0.0.1:" + std::to_string(Service::instance().tlsPort()) + "/ip"})->getObject(0);
        std::string error = r->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(error, error.rfind("TLS: ", 0) == 0);
    }

    void httpsOnlyForAnUnnamedHost() {
        // The policy is by host: a host no upstream lists gets https only.
        auto r = fetch({"http://127.1:" + std::to_string(Service::instance().port()) + "/ip"})->getObject(0);
        std::string error = r->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(error, error.find("http") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(0, r->getValue<int>("status"));
    }

    void upstreamBudgetRefusesPastItsMinute() {
        // Upstream `budgeted` (host localhost) allows 2 requests a minute.
        awayFromMinuteEdge();
        auto results = fetch({self("localhost", "/ip"), self("localhost", "/ip"), self("localhost", "/ip")});
        int refused = 0;
        for (size_t i = 0; i < results->size(); ++i) {
            auto r = results->getObject(static_cast<unsigned>(i));
            if (r->get("error").isEmpty()) continue;
            std::string error = r->getValue<std::string>("error");
            CPPUNIT_ASSERT_MESSAGE(error, error == "budget: upstream budgeted allows 2 requests a minute");
            ++refused;
        }
        CPPUNIT_ASSERT_EQUAL(1, refused);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HttpFacilityTest);
