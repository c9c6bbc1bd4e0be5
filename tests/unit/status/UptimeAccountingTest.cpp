// UptimeAccounting: uptime over the samples of each window, unknown intervals
// for a gap (neither up nor down), nearest-rank percentiles of successful
// checks only, honest nulls, the 24-hour and 30-day edges, and `available`.
#include "host/status/UptimeAccounting.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::status;
using namespace ipfacts::store;

namespace {

constexpr int64_t kMinute = 60 * 1000;
constexpr int64_t kHour = 60 * kMinute;
constexpr int64_t kDay = 24 * kHour;
// A Monday at 00:00 UTC, a whole number of minutes, hours and days.
constexpr int64_t kNow = 1'764'547'200'000;

StatusConfig config() {
    StatusConfig c;
    c.region = "here";
    c.interval_s = 60;
    c.targets = {{"http://a.test/", "A", "http"}, {"http://b.test/", "B", "http"}};
    return c;
}

ProbeSample sample(const std::string& target, int64_t at, bool ok, int64_t latency_us = 1000,
                   const std::string& region = "here") {
    ProbeSample s;
    s.target = target;
    s.region = region;
    s.at_ms = at;
    s.ok = ok;
    s.http_status = ok ? 200 : 0;
    s.latency_us = latency_us;
    if (!ok) s.error = "connection refused";
    return s;
}

}  // namespace

class UptimeAccountingTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UptimeAccountingTest);
    CPPUNIT_TEST(nearestRankPicksRecordedValues);
    CPPUNIT_TEST(uptimeIsUpOverUpPlusDown);
    CPPUNIT_TEST(gapIsUnknownNotDownNorUp);
    CPPUNIT_TEST(failuresStayOutOfLatency);
    CPPUNIT_TEST(windowsEndWhereTheySay);
    CPPUNIT_TEST(noChecksIsNullWithReason);
    CPPUNIT_TEST(availableFollowsLatestChecks);
    CPPUNIT_TEST(regionsAreKeptApart);
    CPPUNIT_TEST(dailyBarsAndHours);
    CPPUNIT_TEST_SUITE_END();

public:
    void nearestRankPicksRecordedValues() {
        CPPUNIT_ASSERT(!nearestRank({}, 50));
        CPPUNIT_ASSERT_EQUAL(int64_t(7), *nearestRank({7}, 50));
        CPPUNIT_ASSERT_EQUAL(int64_t(7), *nearestRank({7}, 95));
        // n = 4: p50 -> rank 2, p95 -> rank ceil(3.8) = 4.
        CPPUNIT_ASSERT_EQUAL(int64_t(20), *nearestRank({10, 20, 30, 40}, 50));
        CPPUNIT_ASSERT_EQUAL(int64_t(40), *nearestRank({10, 20, 30, 40}, 95));
        // n = 20: p95 -> rank 19, p50 -> rank 10.
        std::vector<int64_t> v;
        for (int i = 1; i <= 20; ++i) v.push_back(i * 100);
        CPPUNIT_ASSERT_EQUAL(int64_t(1900), *nearestRank(v, 95));
        CPPUNIT_ASSERT_EQUAL(int64_t(1000), *nearestRank(v, 50));
    }

    void uptimeIsUpOverUpPlusDown() {
        std::vector<ProbeSample> s;
        for (int i = 1; i <= 60; ++i) s.push_back(sample("http://a.test/", kNow - i * kMinute, i % 4 != 0));
        auto r = computeStatus(config(), s, kNow);
        const auto& a = r.targets[0].regions[0];
        CPPUNIT_ASSERT_EQUAL(int64_t(45), a.short_window.up);
        CPPUNIT_ASSERT_EQUAL(int64_t(15), a.short_window.down);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(75.0, *a.short_window.uptime, 1e-9);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(75.0, *r.overall_short.uptime, 1e-9);
        CPPUNIT_ASSERT_EQUAL(int64_t(60), r.overall_short.checks());
        CPPUNIT_ASSERT_EQUAL(int64_t(0), a.short_window.unknown);
    }

    void gapIsUnknownNotDownNorUp() {
        // Checks every minute for two hours, except 30 minutes when the prober was stopped.
        std::vector<ProbeSample> s;
        for (int i = 120; i >= 1; --i)
            if (i > 80 || i <= 50) s.push_back(sample("http://a.test/", kNow - i * kMinute, true));
        auto r = computeStatus(config(), s, kNow);
        const auto& a = r.targets[0].regions[0];
        CPPUNIT_ASSERT_EQUAL(int64_t(90), a.short_window.checks());
        CPPUNIT_ASSERT_EQUAL(int64_t(0), a.short_window.down);
        CPPUNIT_ASSERT_EQUAL(int64_t(30), a.short_window.unknown);
        CPPUNIT_ASSERT_EQUAL(int64_t(30), a.long_window.unknown);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(100.0, *a.short_window.uptime, 1e-9);
        // Before the first check is not unknown: nothing was being watched.
        CPPUNIT_ASSERT_EQUAL(int64_t(30), r.overall_short.unknown);
        // The interval in progress is not unknown yet: 90 seconds on, one more is over.
        auto later = computeStatus(config(), s, kNow + 90 * 1000);
        CPPUNIT_ASSERT_EQUAL(int64_t(31), later.targets[0].regions[0].short_window.unknown);
    }

    void failuresStayOutOfLatency() {
        std::vector<ProbeSample> s;
        // Successful: 1..10 ms. Failed time-outs of 5 s must not move the percentiles.
        for (int i = 1; i <= 10; ++i) s.push_back(sample("http://a.test/", kNow - i * kMinute, true, i * 1000));
        for (int i = 11; i <= 20; ++i) s.push_back(sample("http://a.test/", kNow - i * kMinute, false, 5'000'000));
        auto r = computeStatus(config(), s, kNow);
        const auto& a = r.targets[0].regions[0];
        CPPUNIT_ASSERT_DOUBLES_EQUAL(5.0, *a.short_window.p50_ms, 1e-9);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(10.0, *a.short_window.p95_ms, 1e-9);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(50.0, *a.short_window.uptime, 1e-9);
    }

    void windowsEndWhereTheySay() {
        std::vector<ProbeSample> s{sample("http://a.test/", kNow - kDay, false),          // just outside 24 h
                                   sample("http://a.test/", kNow - kDay + 1, true),       // just inside
                                   sample("http://a.test/", kNow - 30 * kDay, false),     // outside 30 d
                                   sample("http://a.test/", kNow - 30 * kDay + 1, true),  // inside
                                   sample("http://a.test/", kNow + 1, false)};            // the future: ignored
        auto r = computeStatus(config(), s, kNow);
        const auto& a = r.targets[0].regions[0];
        CPPUNIT_ASSERT_EQUAL(int64_t(1), a.short_window.checks());
        CPPUNIT_ASSERT_EQUAL(int64_t(3), a.long_window.checks());
        CPPUNIT_ASSERT_EQUAL(int64_t(1), a.long_window.down);
        CPPUNIT_ASSERT_EQUAL(kNow - kDay + 1, *a.last_checked_at_ms);
    }

    void noChecksIsNullWithReason() {
        auto r = computeStatus(config(), {sample("http://a.test/", kNow - 2 * kDay, true)}, kNow);
        const auto& a = r.targets[0].regions[0];
        CPPUNIT_ASSERT(!a.short_window.uptime);
        CPPUNIT_ASSERT(!a.short_window.p50_ms);
        CPPUNIT_ASSERT(a.long_window.uptime);
        CPPUNIT_ASSERT_EQUAL(std::string("no checks in the last 24 hours"), a.reason);
        const auto& b = r.targets[1].regions[0];
        CPPUNIT_ASSERT_EQUAL(std::string("here"), b.region);
        CPPUNIT_ASSERT(!b.long_window.uptime && !b.last_checked_at_ms && !b.last_ok);
        CPPUNIT_ASSERT_EQUAL(std::string("no checks yet"), b.reason);
        CPPUNIT_ASSERT(!r.available);
    }

    void availableFollowsLatestChecks() {
        std::vector<ProbeSample> s{sample("http://a.test/", kNow - 2 * kMinute, false),
                                   sample("http://a.test/", kNow - kMinute, true),
                                   sample("http://b.test/", kNow - kMinute, true)};
        auto r = computeStatus(config(), s, kNow);
        CPPUNIT_ASSERT(r.available);
        CPPUNIT_ASSERT(r.available_reason.empty());
        s.push_back(sample("http://b.test/", kNow - 1000, false));
        r = computeStatus(config(), s, kNow);
        CPPUNIT_ASSERT(!r.available);
        CPPUNIT_ASSERT_EQUAL(std::string("the latest check of B from here failed: connection refused"),
                             r.available_reason);
        CPPUNIT_ASSERT(!*r.targets[1].regions[0].last_ok);
        // Three intervals without any check: not available, whatever the last ones said.
        r = computeStatus(config(), {sample("http://a.test/", kNow - 4 * kMinute, true)}, kNow);
        CPPUNIT_ASSERT(!r.available);
        CPPUNIT_ASSERT_EQUAL(std::string("no check in the last 180 seconds"), r.available_reason);
    }

    void regionsAreKeptApart() {
        std::vector<ProbeSample> s{sample("http://a.test/", kNow - kMinute, true),
                                   sample("http://a.test/", kNow - kMinute, false, 1000, "far")};
        auto r = computeStatus(config(), s, kNow);
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.targets[0].regions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("far"), r.targets[0].regions[0].region);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, *r.targets[0].regions[0].short_window.uptime, 1e-9);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(100.0, *r.targets[0].regions[1].short_window.uptime, 1e-9);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(50.0, *r.overall_short.uptime, 1e-9);
    }

    void dailyBarsAndHours() {
        std::vector<ProbeSample> s{sample("http://a.test/", kNow - 1, true), sample("http://a.test/", kNow - 2, false),
                                   sample("http://a.test/", kNow - 29 * kDay - 1, true, 3000)};
        auto r = computeStatus(config(), s, kNow);
        const auto& a = r.targets[0].regions[0];
        CPPUNIT_ASSERT_EQUAL(size_t(30), a.days.size());
        CPPUNIT_ASSERT_EQUAL(size_t(24), a.hours.size());
        // kNow is midnight: the last bar is the day it starts, still empty; both
        // recent samples fall on the day before. The sample 29 days and a
        // millisecond ago is in the 30-day window but on a day before the bars.
        CPPUNIT_ASSERT_EQUAL(kNow, a.days[29].day_start_ms);
        CPPUNIT_ASSERT(!a.days[29].uptime);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(50.0, *a.days[28].uptime, 1e-9);
        CPPUNIT_ASSERT_EQUAL(kNow - 29 * kDay, a.days[0].day_start_ms);
        CPPUNIT_ASSERT(!a.days[0].uptime);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), a.long_window.checks());
        CPPUNIT_ASSERT(!a.hours[23].p50_ms);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, *a.hours[22].p50_ms, 1e-9);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UptimeAccountingTest);
