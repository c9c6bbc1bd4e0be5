// The rate limiter's day counts written behind to the SQLite file: a second
// limiter (a restarted daemon) restored from the file continues each caller's
// count of the day; a new UTC day starts from zero and prunes the old rows;
// only changed counts are written; a failed write is retried.
#include "host/pipeline/CounterWriteBehind.h"
#include "host/store/sqlite/SqliteDayCounts.h"
#include "tests/support/TempSqliteFile.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <memory>
#include <stdexcept>

using namespace ipfacts::pipeline;
using ipfacts::manifest::Quota;
using ipfacts::store::SqliteDayCounts;

namespace {

// 2026-11-22T10:00:00Z
constexpr int64_t kT0 = 1795341600;

/// A clock the test moves.
struct TestClock {
    std::shared_ptr<std::atomic<int64_t>> now = std::make_shared<std::atomic<int64_t>>(kT0);
    CounterWriteBehind::Clock fn() const {
        return [now = now] { return now->load(); };
    }
};

/// Counts what reaches the store and fails on demand.
struct RecordingStore : DayCountStore {
    explicit RecordingStore(DayCountStore& inner) : inner(inner) {}
    std::vector<DayCount> load(int64_t day) override { return inner.load(day); }
    void save(int64_t day, const std::vector<DayCount>& counts) override {
        if (failing) throw std::runtime_error("disk full");
        rows_written += counts.size();
        inner.save(day, counts);
    }
    DayCountStore& inner;
    bool failing = false;
    size_t rows_written = 0;
};

CounterKey caller(uint8_t last) {
    const uint8_t a[4] = {192, 0, 2, last};
    return RateLimiter::addressKey(0, a, 4);
}

/// Remaining of the day after one more request of `k` under a daily limit of 100.
int64_t remainingAfterOneMore(RateLimiter& rl, const CounterKey& k, int64_t now) {
    return rl.take(k, Quota{0, 100, 0}, now).remaining;
}

}  // namespace

class CounterWriteBehindTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CounterWriteBehindTest);
    CPPUNIT_TEST(aRestartKeepsTheDaysCounts);
    CPPUNIT_TEST(aNewDayStartsFromZeroAndPrunes);
    CPPUNIT_TEST(onlyChangedCountsAreWritten);
    CPPUNIT_TEST(aFailedWriteIsRetried);
    CPPUNIT_TEST(stopWritesTheLastChanges);
    CPPUNIT_TEST_SUITE_END();

public:
    void aRestartKeepsTheDaysCounts() {
        ipfacts::testing::TempSqliteFile file("ipfacts-counts");
        TestClock clock;
        {
            SqliteDayCounts store(file.path);
            RateLimiter rl(true);
            CounterWriteBehind wb(rl, store, std::chrono::seconds(1), clock.fn());
            for (int i = 0; i < 7; ++i) remainingAfterOneMore(rl, caller(1), kT0);
            remainingAfterOneMore(rl, caller(2), kT0);
            CPPUNIT_ASSERT(wb.flush());
        }
        SqliteDayCounts store(file.path);
        RateLimiter rl(true);
        CounterWriteBehind wb(rl, store, std::chrono::seconds(1), clock.fn());
        CPPUNIT_ASSERT_EQUAL(size_t(2), wb.restore());
        CPPUNIT_ASSERT_EQUAL(int64_t(100 - 8), remainingAfterOneMore(rl, caller(1), kT0 + 5));
        CPPUNIT_ASSERT_EQUAL(int64_t(100 - 2), remainingAfterOneMore(rl, caller(2), kT0 + 5));
        CPPUNIT_ASSERT_EQUAL(int64_t(100 - 1), remainingAfterOneMore(rl, caller(3), kT0 + 5));
    }

    void aNewDayStartsFromZeroAndPrunes() {
        ipfacts::testing::TempSqliteFile file("ipfacts-counts");
        TestClock clock;
        SqliteDayCounts store(file.path);
        {
            RateLimiter rl(true);
            CounterWriteBehind wb(rl, store, std::chrono::seconds(1), clock.fn());
            for (int i = 0; i < 5; ++i) remainingAfterOneMore(rl, caller(1), kT0);
            CPPUNIT_ASSERT(wb.flush());
        }
        CPPUNIT_ASSERT_EQUAL(size_t(1), store.load(kT0 / 86400).size());
        // Restarted the next day: yesterday's counts are not today's.
        *clock.now = kT0 + 86400;
        RateLimiter rl(true);
        CounterWriteBehind wb(rl, store, std::chrono::seconds(1), clock.fn());
        CPPUNIT_ASSERT_EQUAL(size_t(0), wb.restore());
        CPPUNIT_ASSERT_EQUAL(int64_t(99), remainingAfterOneMore(rl, caller(1), kT0 + 86400));
        CPPUNIT_ASSERT(wb.flush());
        CPPUNIT_ASSERT(store.load(kT0 / 86400).empty());  // pruned with the first write of the new day
        CPPUNIT_ASSERT_EQUAL(size_t(1), store.load(kT0 / 86400 + 1).size());
    }

    void onlyChangedCountsAreWritten() {
        ipfacts::testing::TempSqliteFile file("ipfacts-counts");
        TestClock clock;
        SqliteDayCounts sqlite(file.path);
        RecordingStore store(sqlite);
        RateLimiter rl(true);
        CounterWriteBehind wb(rl, store, std::chrono::seconds(1), clock.fn());
        for (uint8_t i = 1; i <= 50; ++i) remainingAfterOneMore(rl, caller(i), kT0);
        for (int i = 0; i < 10; ++i) remainingAfterOneMore(rl, caller(1), kT0);  // one row however often
        CPPUNIT_ASSERT(wb.flush());
        CPPUNIT_ASSERT_EQUAL(size_t(50), store.rows_written);
        remainingAfterOneMore(rl, caller(7), kT0 + 1);
        CPPUNIT_ASSERT(wb.flush());
        CPPUNIT_ASSERT_EQUAL(size_t(51), store.rows_written);
        CPPUNIT_ASSERT(wb.flush());  // nothing changed: nothing written
        CPPUNIT_ASSERT_EQUAL(size_t(51), store.rows_written);
        for (const auto& c : sqlite.load(kT0 / 86400))
            if (c.key == caller(1)) CPPUNIT_ASSERT_EQUAL(uint32_t(11), c.count);
    }

    void aFailedWriteIsRetried() {
        ipfacts::testing::TempSqliteFile file("ipfacts-counts");
        TestClock clock;
        SqliteDayCounts sqlite(file.path);
        RecordingStore store(sqlite);
        RateLimiter rl(true);
        CounterWriteBehind wb(rl, store, std::chrono::seconds(1), clock.fn());
        for (int i = 0; i < 3; ++i) remainingAfterOneMore(rl, caller(1), kT0);
        store.failing = true;
        CPPUNIT_ASSERT(!wb.flush());
        store.failing = false;
        remainingAfterOneMore(rl, caller(2), kT0);
        CPPUNIT_ASSERT(wb.flush());
        auto kept = sqlite.load(kT0 / 86400);
        CPPUNIT_ASSERT_EQUAL(size_t(2), kept.size());
        for (const auto& c : kept) CPPUNIT_ASSERT_EQUAL(c.key == caller(1) ? uint32_t(3) : uint32_t(1), c.count);
    }

    void stopWritesTheLastChanges() {
        ipfacts::testing::TempSqliteFile file("ipfacts-counts");
        TestClock clock;
        SqliteDayCounts store(file.path);
        RateLimiter rl(true);
        CounterWriteBehind wb(rl, store, std::chrono::hours(1), clock.fn());  // no round of its own in this test
        wb.start();
        for (int i = 0; i < 4; ++i) remainingAfterOneMore(rl, caller(9), kT0);
        wb.stop();
        auto kept = store.load(kT0 / 86400);
        CPPUNIT_ASSERT_EQUAL(size_t(1), kept.size());
        CPPUNIT_ASSERT_EQUAL(uint32_t(4), kept[0].count);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CounterWriteBehindTest);
