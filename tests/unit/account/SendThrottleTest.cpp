// SendThrottle: N sends per sliding hour per caller and per recipient, the
// wait until the oldest leaves the hour, keys apart, both limits decided in
// one step (a refused send counts for neither), a send given back, and
// parallel sends that never pass a limit together.
#include "host/account/SendThrottle.h"

#include "host/ratelimit/LocalWindowTally.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <thread>
#include <vector>

using namespace ipfacts::account;

class SendThrottleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SendThrottleTest);
    CPPUNIT_TEST(limitsPerSlidingHour);
    CPPUNIT_TEST(aRefusedSendCountsForNeither);
    CPPUNIT_TEST(aSendGivenBackFreesItsPlace);
    CPPUNIT_TEST(parallelSendsNeverPassTheLimit);
    CPPUNIT_TEST_SUITE_END();

    const int64_t t0 = 1'790'000'000;
    SendThrottle throttle() { return SendThrottle(std::make_shared<ipfacts::ratelimit::LocalWindowTally>()); }

public:
    void limitsPerSlidingHour() {
        auto t = throttle();
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT_EQUAL(int64_t(0), t.take("c", 100, "r:a", 3, t0 + i * 10).wait_s);
        CPPUNIT_ASSERT_EQUAL(int64_t(3600 - 25), t.take("c", 100, "r:a", 3, t0 + 25).wait_s);  // until the first leaves
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.take("c", 100, "r:b", 3, t0 + 25).wait_s);          // another recipient
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.take("c", 100, "r:a", 3, t0 + 3600).wait_s);  // the first is an hour old
        CPPUNIT_ASSERT_EQUAL(int64_t(10 + 3600 - 3601), t.take("c", 100, "r:a", 3, t0 + 3601).wait_s);
    }

    void aRefusedSendCountsForNeither() {
        auto t = throttle();
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.take("c", 2, "r:a", 1, t0).wait_s);
        CPPUNIT_ASSERT(t.take("c", 2, "r:a", 1, t0 + 1).wait_s > 0);  // the recipient's one is spent
        // The caller's second send is still there: the refusal above did not count it.
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.take("c", 2, "r:b", 1, t0 + 2).wait_s);
        CPPUNIT_ASSERT(t.take("c", 2, "r:c", 1, t0 + 3).wait_s > 0);  // now the caller's two are spent
    }

    void aSendGivenBackFreesItsPlace() {
        auto t = throttle();
        auto send = t.take("c", 1, "r:a", 1, t0);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), send.wait_s);
        CPPUNIT_ASSERT(t.take("c", 1, "r:a", 1, t0 + 1).wait_s > 0);
        t.giveBack("c", "r:a", send);  // its mail did not go
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.take("c", 1, "r:a", 1, t0 + 2).wait_s);
    }

    void parallelSendsNeverPassTheLimit() {
        auto t = throttle();
        std::atomic<int> sent{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 24; ++i)
            threads.emplace_back([&, i] {
                if (t.take("c" + std::to_string(i), 100, "r:flooded", 3, t0).wait_s == 0) ++sent;
            });
        for (auto& th : threads) th.join();
        CPPUNIT_ASSERT_EQUAL(3, sent.load());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SendThrottleTest);
