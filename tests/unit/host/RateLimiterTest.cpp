#include "host/pipeline/RateLimiter.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::pipeline;
using ipfacts::manifest::Quota;

class RateLimiterTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RateLimiterTest);
    CPPUNIT_TEST(minuteWindowBlocksThenResets);
    CPPUNIT_TEST(dayWindowResetsAtMidnightUtc);
    CPPUNIT_TEST(reportsTheWindowClosestToExhaustion);
    CPPUNIT_TEST(challengeAfterThreshold);
    CPPUNIT_TEST(callersAndClassesAreSeparate);
    CPPUNIT_TEST(noLimitsIsUnlimited);
    CPPUNIT_TEST_SUITE_END();

    const uint8_t a1[4] = {192, 0, 2, 1};
    const uint8_t a2[4] = {192, 0, 2, 2};
    // 2026-11-22T10:00:00Z
    const int64_t t0 = 1795341600;

public:
    void minuteWindowBlocksThenResets() {
        RateLimiter rl;
        Quota q{2, 100, 0};
        auto k = RateLimiter::addressKey(0, a1, 4);
        CPPUNIT_ASSERT(rl.take(k, q, t0).allowed);
        CPPUNIT_ASSERT(rl.take(k, q, t0 + 10).allowed);
        auto d = rl.take(k, q, t0 + 20);
        CPPUNIT_ASSERT(!d.allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(40), d.retry_after_s);
        CPPUNIT_ASSERT(!rl.take(k, q, t0 + 59).allowed);  // denied requests do not count, but the window holds
        CPPUNIT_ASSERT(rl.take(k, q, t0 + 60).allowed);
    }
    void dayWindowResetsAtMidnightUtc() {
        RateLimiter rl;
        Quota q{0, 1, 0};
        auto k = RateLimiter::addressKey(0, a1, 4);
        CPPUNIT_ASSERT(rl.take(k, q, t0).allowed);
        auto d = rl.take(k, q, t0 + 3600);
        CPPUNIT_ASSERT(!d.allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(13 * 3600), d.retry_after_s);  // until 00:00 UTC
        CPPUNIT_ASSERT(rl.take(k, q, t0 + 14 * 3600).allowed);
    }
    void reportsTheWindowClosestToExhaustion() {
        RateLimiter rl;
        Quota q{60, 100, 0};
        auto k = RateLimiter::addressKey(0, a1, 4);
        auto d = rl.take(k, q, t0);  // 59/60 left vs 99/100 left: the minute is closer
        CPPUNIT_ASSERT(d.minute_window);
        CPPUNIT_ASSERT_EQUAL(int64_t(60), d.limit);
        CPPUNIT_ASSERT_EQUAL(int64_t(t0 + 60), d.reset_unix);
        for (int i = 1; i <= 95; ++i) d = rl.take(k, q, t0 + i * 60);  // one a minute, same day
        CPPUNIT_ASSERT(!d.minute_window);  // 59/60 vs 4/100: the day is closer
        CPPUNIT_ASSERT_EQUAL(int64_t(100), d.limit);
        CPPUNIT_ASSERT_EQUAL(int64_t(4), d.remaining);
        CPPUNIT_ASSERT_EQUAL(int64_t(t0 + 14 * 3600), d.reset_unix);
    }
    void challengeAfterThreshold() {
        RateLimiter rl;
        Quota q{100, 200, 3};
        auto k = RateLimiter::addressKey(1, a1, 4);
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT(rl.take(k, q, t0 + i).allowed);
        auto d = rl.take(k, q, t0 + 5);
        CPPUNIT_ASSERT(!d.allowed);
        CPPUNIT_ASSERT(d.challenge);
        CPPUNIT_ASSERT_EQUAL(int64_t(3), d.limit);
    }
    void callersAndClassesAreSeparate() {
        RateLimiter rl;
        Quota q{1, 0, 0};
        CPPUNIT_ASSERT(rl.take(RateLimiter::addressKey(0, a1, 4), q, t0).allowed);
        CPPUNIT_ASSERT(rl.take(RateLimiter::addressKey(0, a2, 4), q, t0).allowed);
        CPPUNIT_ASSERT(rl.take(RateLimiter::addressKey(1, a1, 4), q, t0).allowed);
        CPPUNIT_ASSERT(rl.take(RateLimiter::identityKey(0, "0123456789abcdef"), q, t0).allowed);
        CPPUNIT_ASSERT(!rl.take(RateLimiter::addressKey(0, a1, 4), q, t0).allowed);
    }
    void noLimitsIsUnlimited() {
        RateLimiter rl;
        auto d = rl.take(RateLimiter::addressKey(0, a1, 4), Quota{}, t0);
        CPPUNIT_ASSERT(d.allowed && d.unlimited);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RateLimiterTest);
