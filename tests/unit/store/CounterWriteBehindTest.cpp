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
using namespace ipfacts::ratelimit;
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

/// One run of the daemon: its limiter and the write-behind over `store`.
struct Run {
    RateLimiter limiter{true};
    CounterWriteBehind writer;
    Run(DayCountStore& store, const TestClock& clock, std::chrono::milliseconds period = std::chrono::seconds(1))
        : writer(limiter, store, period, clock.fn()) {}
    /// Remaining of the day after one more request of `who` (daily limit 100).
    int64_t request(uint8_t who, int64_t now) { return limiter.take(caller(who), Quota{0, 100, 0}, now).remaining; }
    void requests(uint8_t who, int n, int64_t now) {
        for (int i = 0; i < n; ++i) request(who, now);
    }
};

}  // namespace

class CounterWriteBehindTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CounterWriteBehindTest);
    CPPUNIT_TEST(aRestartKeepsTheDaysCounts);
    CPPUNIT_TEST(aNewDayStartsFromZeroAndPrunes);
    CPPUNIT_TEST(onlyChangedCountsAreWritten);
    CPPUNIT_TEST(aFailedWriteIsRetried);
    CPPUNIT_TEST(stopWritesTheLastChanges);
    CPPUNIT_TEST_SUITE_END();

    ipfacts::testing::TempSqliteFile file{"ipfacts-counts"};
    TestClock clock;

public:
    void aRestartKeepsTheDaysCounts() {
        {
            SqliteDayCounts store(file.path);
            Run first(store, clock);
            first.requests(1, 7, kT0);
            first.requests(2, 1, kT0);
            CPPUNIT_ASSERT(first.writer.flush());
        }
        SqliteDayCounts store(file.path);  // the file opened again, as at a restart
        Run second(store, clock);
        CPPUNIT_ASSERT_EQUAL(size_t(2), second.writer.restore());
        CPPUNIT_ASSERT_EQUAL(int64_t(100 - 8), second.request(1, kT0 + 5));
        CPPUNIT_ASSERT_EQUAL(int64_t(100 - 2), second.request(2, kT0 + 5));
        CPPUNIT_ASSERT_EQUAL(int64_t(100 - 1), second.request(3, kT0 + 5));
    }

    void aNewDayStartsFromZeroAndPrunes() {
        SqliteDayCounts store(file.path);
        {
            Run first(store, clock);
            first.requests(1, 5, kT0);
            CPPUNIT_ASSERT(first.writer.flush());
        }
        CPPUNIT_ASSERT_EQUAL(size_t(1), store.load(kT0 / 86400).size());
        // Restarted the next day: yesterday's counts are not today's.
        *clock.now = kT0 + 86400;
        Run next(store, clock);
        CPPUNIT_ASSERT_EQUAL(size_t(0), next.writer.restore());
        CPPUNIT_ASSERT_EQUAL(int64_t(99), next.request(1, kT0 + 86400));
        CPPUNIT_ASSERT(next.writer.flush());
        CPPUNIT_ASSERT(store.load(kT0 / 86400).empty());  // pruned with the first write of the new day
        CPPUNIT_ASSERT_EQUAL(size_t(1), store.load(kT0 / 86400 + 1).size());
    }

    void onlyChangedCountsAreWritten() {
        SqliteDayCounts sqlite(file.path);
        RecordingStore store(sqlite);
        Run run(store, clock);
        for (uint8_t i = 1; i <= 50; ++i) run.request(i, kT0);
        run.requests(1, 10, kT0);  // one row however often
        CPPUNIT_ASSERT(run.writer.flush());
        CPPUNIT_ASSERT_EQUAL(size_t(50), store.rows_written);
        run.request(7, kT0 + 1);
        CPPUNIT_ASSERT(run.writer.flush());
        CPPUNIT_ASSERT_EQUAL(size_t(51), store.rows_written);
        CPPUNIT_ASSERT(run.writer.flush());  // nothing changed: nothing written
        CPPUNIT_ASSERT_EQUAL(size_t(51), store.rows_written);
        for (const auto& c : sqlite.load(kT0 / 86400))
            if (c.key == caller(1)) CPPUNIT_ASSERT_EQUAL(uint32_t(11), c.count);
    }

    void aFailedWriteIsRetried() {
        SqliteDayCounts sqlite(file.path);
        RecordingStore store(sqlite);
        Run run(store, clock);
        run.requests(1, 3, kT0);
        store.failing = true;
        CPPUNIT_ASSERT(!run.writer.flush());
        store.failing = false;
        run.request(2, kT0);
        CPPUNIT_ASSERT(run.writer.flush());
        auto kept = sqlite.load(kT0 / 86400);
        CPPUNIT_ASSERT_EQUAL(size_t(2), kept.size());
        for (const auto& c : kept) CPPUNIT_ASSERT_EQUAL(c.key == caller(1) ? uint32_t(3) : uint32_t(1), c.count);
    }

    void stopWritesTheLastChanges() {
        SqliteDayCounts store(file.path);
        Run run(store, clock, std::chrono::hours(1));  // no round of its own in this test
        run.writer.start();
        run.requests(9, 4, kT0);
        run.writer.stop();
        auto kept = store.load(kT0 / 86400);
        CPPUNIT_ASSERT_EQUAL(size_t(1), kept.size());
        CPPUNIT_ASSERT_EQUAL(uint32_t(4), kept[0].count);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CounterWriteBehindTest);
