// LocalWindowTally: fixed windows aligned on the epoch (refused until the
// window ends), several limits decided together (refused by one: none
// counted), sliding windows (the wait until the event that fills the window
// leaves it), what full() knows, giving back, learning counts from a shared
// store, purging ended windows, and the one-step take under threads racing.
#include "host/ratelimit/LocalWindowTally.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <thread>
#include <vector>

using namespace ipfacts::ratelimit;

class WindowTallyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WindowTallyTest);
    CPPUNIT_TEST(aFixedWindowRefusesUntilItEnds);
    CPPUNIT_TEST(oneFullLimitRefusesTheWholeTake);
    CPPUNIT_TEST(aSlidingWindowWaitsForItsOldestNeededEvent);
    CPPUNIT_TEST(fullAndGiveBack);
    CPPUNIT_TEST(learntCountsAreKnownAndCountedOn);
    CPPUNIT_TEST(purgeForgetsEndedWindows);
    CPPUNIT_TEST(racingTakesNeverPassTheLimit);
    CPPUNIT_TEST_SUITE_END();

    // 2026-11-22T10:00:00Z
    const int64_t t0 = 1795341600;
    const std::vector<TallyLimit> minuteOf3{{"n", 60, 3, false}};

public:
    void aFixedWindowRefusesUntilItEnds() {
        LocalWindowTally t;
        for (int i = 1; i <= 3; ++i) {
            auto a = t.take("s", minuteOf3, t0 + i);
            CPPUNIT_ASSERT(a.counted);
            CPPUNIT_ASSERT_EQUAL(int64_t(i), a.counts.at(0));
        }
        auto refused = t.take("s", minuteOf3, t0 + 20);
        CPPUNIT_ASSERT(!refused.counted);
        CPPUNIT_ASSERT_EQUAL(int64_t(40), refused.retry_after_s);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), refused.counts.at(0));       // a refusal adds nothing
        CPPUNIT_ASSERT(t.take("other", minuteOf3, t0 + 20).counted);  // scopes apart
        CPPUNIT_ASSERT(t.take("s", minuteOf3, t0 + 60).counted);      // the next minute
    }

    void oneFullLimitRefusesTheWholeTake() {
        LocalWindowTally t;
        const std::vector<TallyLimit> both{{"a", 60, 0, false}, {"b", 86400, 2, false}};
        CPPUNIT_ASSERT(t.take("s", both, t0).counted);
        CPPUNIT_ASSERT(t.take("s", both, t0 + 1).counted);
        auto a = t.take("s", both, t0 + 2);
        CPPUNIT_ASSERT(!a.counted);
        CPPUNIT_ASSERT_EQUAL(size_t(1), a.refused_by);
        CPPUNIT_ASSERT_EQUAL(int64_t(14 * 3600 - 2), a.retry_after_s);  // until 00:00 UTC
        // The unlimited count was not taken either: this take is its third, not its fourth.
        CPPUNIT_ASSERT_EQUAL(int64_t(3), t.take("s", {{"a", 60, 0, false}}, t0 + 3).counts.at(0));
    }

    void aSlidingWindowWaitsForItsOldestNeededEvent() {
        LocalWindowTally t;
        const std::vector<TallyLimit> hourOf3{{"r", 3600, 3, true}};
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT(t.take("s", hourOf3, t0 + i * 10).counted);
        auto a = t.take("s", hourOf3, t0 + 25);
        CPPUNIT_ASSERT(!a.counted);
        CPPUNIT_ASSERT_EQUAL(int64_t(3600 - 25), a.retry_after_s);  // until the first leaves the hour
        CPPUNIT_ASSERT(t.take("s", hourOf3, t0 + 3600).counted);    // the first is an hour old
        auto b = t.take("s", hourOf3, t0 + 3601);
        CPPUNIT_ASSERT(!b.counted);
        CPPUNIT_ASSERT_EQUAL(int64_t(10 + 3600 - 3601), b.retry_after_s);  // t0+10 is now the oldest
    }

    void fullAndGiveBack() {
        LocalWindowTally t;
        CPPUNIT_ASSERT(!t.full("s", minuteOf3, t0));
        TallyAnswer last;
        for (int i = 0; i < 3; ++i) last = t.take("s", minuteOf3, t0);
        CPPUNIT_ASSERT(t.full("s", minuteOf3, t0 + 59));
        CPPUNIT_ASSERT(!t.full("s", minuteOf3, t0 + 60));
        t.giveBack("s", minuteOf3, last);
        CPPUNIT_ASSERT(!t.full("s", minuteOf3, t0 + 1));
        CPPUNIT_ASSERT(t.take("s", minuteOf3, t0 + 1).counted);
        // Sliding: the given-back event leaves the window.
        const std::vector<TallyLimit> hourOf1{{"r", 3600, 1, true}};
        auto taken = t.take("s", hourOf1, t0);
        CPPUNIT_ASSERT(t.full("s", hourOf1, t0 + 5));
        t.giveBack("s", hourOf1, taken);
        CPPUNIT_ASSERT(t.take("s", hourOf1, t0 + 5).counted);
    }

    void learntCountsAreKnownAndCountedOn() {
        LocalWindowTally t;
        t.learn("s", minuteOf3, {2}, t0);
        CPPUNIT_ASSERT(!t.full("s", minuteOf3, t0));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), t.take("s", minuteOf3, t0).counts.at(0));
        t.learn("s", minuteOf3, {1}, t0);  // never lowered
        CPPUNIT_ASSERT(t.full("s", minuteOf3, t0));
    }

    void purgeForgetsEndedWindows() {
        LocalWindowTally t;
        t.take("s", minuteOf3, t0);
        t.take("s", {{"r", 3600, 3, true}}, t0);
        t.take("s", {{"d", 86400, 3, false}}, t0);
        CPPUNIT_ASSERT_EQUAL(size_t(3), t.size());
        t.purge(t0 + 61);
        CPPUNIT_ASSERT_EQUAL(size_t(2), t.size());
        t.purge(t0 + 3600);
        CPPUNIT_ASSERT_EQUAL(size_t(1), t.size());
        t.purge(t0 + 86400);
        CPPUNIT_ASSERT_EQUAL(size_t(0), t.size());
    }

    void racingTakesNeverPassTheLimit() {
        LocalWindowTally t;
        const std::vector<TallyLimit> limits{{"a", 3600, 7, true}, {"b", 60, 0, false}};
        std::atomic<int> counted{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 16; ++i)
            threads.emplace_back([&] {
                for (int k = 0; k < 10; ++k)
                    if (t.take("race", limits, t0).counted) ++counted;
            });
        for (auto& th : threads) th.join();
        CPPUNIT_ASSERT_EQUAL(7, counted.load());
        CPPUNIT_ASSERT_EQUAL(int64_t(8), t.take("race", {{"b", 60, 0, false}}, t0).counts.at(0));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WindowTallyTest);
