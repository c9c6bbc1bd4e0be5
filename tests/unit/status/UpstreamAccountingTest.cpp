// Upstreams on the status report: the per-round samples taken from the
// facilities' running counts, the window figures summed from the history,
// "down" after the configured run of failures (and up again with the next
// answer), the degraded state and its reason, and both renderings.
#include "host/status/StatusJson.h"
#include "host/status/StatusPage.h"
#include "host/status/UpstreamAccounting.h"
#include "host/status/UpstreamSampler.h"
#include "host/status/UptimeAccounting.h"
#include "host/store/sqlite/SqliteProbeHistory.h"
#include "tests/support/TempSqliteFile.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>
#include <sqlite3.h>

using namespace ipfacts::status;
using namespace ipfacts::store;
using ipfacts::facilities::UpstreamOutcomes;
using ipfacts::facilities::UpstreamTally;

namespace {

constexpr int64_t kNow = 1'764'547'200'000;
constexpr int64_t kHour = 3600 * 1000;

const UpstreamTally* tallyOf(const std::vector<UpstreamTally>& all, const std::string& upstream) {
    for (const auto& t : all)
        if (t.upstream == upstream) return &t;
    return nullptr;
}

Poco::JSON::Object::Ptr parse(const std::string& text) {
    Poco::JSON::Parser p;
    return p.parse(text).extract<Poco::JSON::Object::Ptr>();
}

}  // namespace

class UpstreamAccountingTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UpstreamAccountingTest);
    CPPUNIT_TEST(failuresInARowResetByAnAnswer);
    CPPUNIT_TEST(samplerTakesWhatWasAddedSinceTheLastRound);
    CPPUNIT_TEST(windowsSumTheHistory);
    CPPUNIT_TEST(downAfterTheConfiguredRunAndDegraded);
    CPPUNIT_TEST(jsonAndPageShowTheUpstreams);
    CPPUNIT_TEST(historyMigratesAVersionOneFile);
    CPPUNIT_TEST_SUITE_END();

public:
    void failuresInARowResetByAnAnswer() {
        UpstreamOutcomes o;
        o.record("doh", "a", "timeout after 1000 ms");
        o.record("doh", "a", "connection failed: connection refused");
        CPPUNIT_ASSERT_EQUAL(int64_t(2), tallyOf(o.snapshot(), "a")->failed_in_a_row);
        o.record("doh", "a", "");
        CPPUNIT_ASSERT_EQUAL(int64_t(0), tallyOf(o.snapshot(), "a")->failed_in_a_row);
        o.record("doh", "a", "timeout after 1000 ms");
        const UpstreamTally& t = *tallyOf(o.snapshot(), "a");
        CPPUNIT_ASSERT_EQUAL(int64_t(1), t.failed_in_a_row);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), t.failed);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), t.ok);
    }

    void samplerTakesWhatWasAddedSinceTheLastRound() {
        UpstreamOutcomes o;
        UpstreamSampler sampler;
        o.record("doh", "a", "");
        o.record("doh", "a", "timeout after 1000 ms");
        o.record("http", "rdap_arin", "");
        auto first = sampler.take(o.snapshot(), "here", kNow);
        CPPUNIT_ASSERT_EQUAL(size_t(2), first.size());
        CPPUNIT_ASSERT_EQUAL(std::string("doh"), first[0].facility);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), first[0].ok);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), first[0].failed);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 1000 ms"), first[0].last_error);
        CPPUNIT_ASSERT_EQUAL(std::string("here"), first[0].region);
        CPPUNIT_ASSERT_EQUAL(kNow, first[0].at_ms);
        CPPUNIT_ASSERT(first[1].last_error.empty());
        // Nothing asked since: no sample; then only the new exchange.
        CPPUNIT_ASSERT(sampler.take(o.snapshot(), "here", kNow + 60000).empty());
        o.record("http", "rdap_arin", "HTTP status 503");
        auto third = sampler.take(o.snapshot(), "here", kNow + 120000);
        CPPUNIT_ASSERT_EQUAL(size_t(1), third.size());
        CPPUNIT_ASSERT_EQUAL(std::string("rdap_arin"), third[0].upstream);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), third[0].ok);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), third[0].failed);
    }

    void windowsSumTheHistory() {
        ipfacts::testing::TempSqliteFile file("ipfacts-upstreams");
        SqliteProbeHistory h(file.path);
        h.recordUpstreams({{"doh", "a", "here", kNow - 2 * kHour, 3, 1, "timeout"},
                           {"doh", "a", "there", kNow - kHour, 4, 0, ""},
                           {"doh", "a", "here", kNow - 3 * 24 * kHour, 0, 8, "refused"},
                           {"privacy", "tor", "here", kNow - 40 * 24 * kHour, 1, 0, ""}});
        auto day = h.upstreamTotals(kNow - 24 * kHour, kNow), month = h.upstreamTotals(kNow - 30 * 24 * kHour, kNow);
        CPPUNIT_ASSERT_EQUAL(size_t(1), day.size());
        CPPUNIT_ASSERT_EQUAL(size_t(1), month.size());  // the 40-day-old row is outside both
        auto u = upstreamStatus(day, month, {}, 3);
        CPPUNIT_ASSERT_EQUAL(size_t(1), u.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(7), u[0].short_window.ok);  // every region
        CPPUNIT_ASSERT_EQUAL(int64_t(1), u[0].short_window.failed);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(87.5, *u[0].short_window.uptime, 1e-9);
        CPPUNIT_ASSERT_EQUAL(int64_t(9), u[0].long_window.failed);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(100.0 * 7 / 16, *u[0].long_window.uptime, 1e-9);
        CPPUNIT_ASSERT(!u[0].down);  // this node never asked it: not known to be down
        CPPUNIT_ASSERT_EQUAL(int64_t(2), h.pruneBefore(kNow - 2 * 24 * kHour));  // the 3- and 40-day-old rows
        CPPUNIT_ASSERT_EQUAL(int64_t(7), h.upstreamTotals(kNow - 30 * 24 * kHour, kNow)[0].ok);
    }

    void downAfterTheConfiguredRunAndDegraded() {
        UpstreamOutcomes o;
        for (int i = 0; i < 2; ++i) o.record("doh", "silent", "timeout after 1000 ms");
        o.record("doh", "alpha", "");
        StatusReport r;
        addUpstreams(r, upstreamStatus({}, {}, o.snapshot(), 3), 3);
        CPPUNIT_ASSERT(!r.degraded);
        CPPUNIT_ASSERT(r.degraded_reason.empty());
        o.record("doh", "silent", "timeout after 1000 ms");
        addUpstreams(r, upstreamStatus({}, {}, o.snapshot(), 3), 3);
        CPPUNIT_ASSERT(r.degraded);
        CPPUNIT_ASSERT_EQUAL(std::string("doh upstream silent is down: its latest 3 exchanges failed "
                                         "(timeout after 1000 ms)"),
                             r.degraded_reason);
        CPPUNIT_ASSERT_EQUAL(std::string("alpha"), r.upstreams[0].upstream);  // ordered by name
        CPPUNIT_ASSERT(!r.upstreams[0].down && r.upstreams[1].down);
        CPPUNIT_ASSERT(!r.upstreams[1].short_window.uptime);  // no round recorded yet: no window figure
        // A lower threshold is the operator's: one failure is enough then.
        addUpstreams(r, upstreamStatus({}, {}, o.snapshot(), 1), 1);
        CPPUNIT_ASSERT(r.degraded);
        o.record("doh", "silent", "");  // it answered: up again
        addUpstreams(r, upstreamStatus({}, {}, o.snapshot(), 3), 3);
        CPPUNIT_ASSERT(!r.degraded && !r.upstreams[1].down);
    }

    void jsonAndPageShowTheUpstreams() {
        UpstreamOutcomes o;
        for (int i = 0; i < 4; ++i) o.record("doh", "silent", "timeout after 1000 ms");
        StatusConfig c;
        StatusReport r = computeStatus(c, {}, kNow);
        addUpstreams(r, upstreamStatus({{"doh", "silent", 2, 6}}, {{"doh", "silent", 30, 10}}, o.snapshot(), 3), 3);
        auto j = parse(statusJson(r, "ipfacts.test"));
        CPPUNIT_ASSERT(j->getValue<bool>("degraded"));
        CPPUNIT_ASSERT(j->getValue<std::string>("degraded_reason").find("silent is down") != std::string::npos);
        auto u = j->getArray("upstreams")->getObject(0);
        CPPUNIT_ASSERT(u->getValue<bool>("down"));
        CPPUNIT_ASSERT_EQUAL(std::string("25"), u->get("uptime_24h").toString());
        CPPUNIT_ASSERT_EQUAL(std::string("75"), u->get("uptime_30d").toString());
        CPPUNIT_ASSERT_EQUAL(6, u->getValue<int>("failed_24h"));
        CPPUNIT_ASSERT_EQUAL(30, u->getValue<int>("ok_30d"));
        CPPUNIT_ASSERT_EQUAL(4, u->getValue<int>("failed_in_a_row"));
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 1000 ms"), u->getValue<std::string>("last_error"));
        CPPUNIT_ASSERT_EQUAL(3, j->getValue<int>("upstream_down_after"));
        const std::string page = statusPage(r, "ipfacts.test");
        for (const char* cell : {"data-field=\"degraded\" data-value=\"true\">Degraded: doh upstream silent is down",
                                 "data-field=\"upstreams.0.down\" data-value=\"true\">down",
                                 "data-field=\"upstreams.0.uptime_24h\" data-value=\"25\">25 %",
                                 "data-field=\"upstreams.0.uptime_30d\" data-value=\"75\">75 %",
                                 "data-field=\"upstreams.0.failed_24h\" data-value=\"6\">6",
                                 "data-field=\"upstreams.0.failed_in_a_row\" data-value=\"4\">4"})
            CPPUNIT_ASSERT_MESSAGE(cell, page.find(cell) != std::string::npos);
        // Without a down upstream the page says so, and the JSON has no reason.
        StatusReport calm = computeStatus(c, {}, kNow);
        addUpstreams(calm, {}, 3);
        CPPUNIT_ASSERT(statusPage(calm, "x").find("data-field=\"degraded\" data-value=\"false\"") != std::string::npos);
        auto cj = parse(statusJson(calm, "x"));
        CPPUNIT_ASSERT(!cj->getValue<bool>("degraded") && cj->isNull("degraded_reason"));
    }

    void historyMigratesAVersionOneFile() {
        ipfacts::testing::TempSqliteFile file("ipfacts-upstreams-v1");
        sqlite3* db = nullptr;
        sqlite3_open(file.path.c_str(), &db);
        // What a version 1 build left: its schema and one probe row.
        sqlite3_exec(
            db,
            "CREATE TABLE status_schema (version INTEGER NOT NULL); INSERT INTO status_schema VALUES (1);"
            "CREATE TABLE status_probes (target TEXT NOT NULL, region TEXT NOT NULL, at_ms INTEGER NOT NULL,"
            " ok INTEGER NOT NULL, http_status INTEGER NOT NULL, latency_us INTEGER NOT NULL, error TEXT NOT NULL);"
            "INSERT INTO status_probes VALUES ('http://a.test/', 'here', 1000, 1, 204, 5, '');",
            nullptr, nullptr, nullptr);
        sqlite3_close(db);
        SqliteProbeHistory h(file.path);
        CPPUNIT_ASSERT_EQUAL(size_t(1), h.between(0, 2000).size());
        h.recordUpstreams({{"doh", "a", "here", 1500, 1, 0, ""}});
        CPPUNIT_ASSERT_EQUAL(int64_t(1), h.upstreamTotals(0, 2000).at(0).ok);
        sqlite3_open(file.path.c_str(), &db);
        sqlite3_stmt* st = nullptr;
        sqlite3_prepare_v2(db, "SELECT version FROM status_schema", -1, &st, nullptr);
        CPPUNIT_ASSERT_EQUAL(SQLITE_ROW, sqlite3_step(st));
        CPPUNIT_ASSERT_EQUAL(2, sqlite3_column_int(st, 0));
        sqlite3_finalize(st);
        sqlite3_close(db);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UpstreamAccountingTest);
