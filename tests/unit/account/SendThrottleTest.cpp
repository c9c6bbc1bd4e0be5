// SendThrottle: N sends per sliding hour per key, the wait until the oldest
// leaves the hour, keys apart.
#include "host/account/SendThrottle.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::account;

class SendThrottleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SendThrottleTest);
    CPPUNIT_TEST(limitsPerSlidingHour);
    CPPUNIT_TEST_SUITE_END();

public:
    void limitsPerSlidingHour() {
        SendThrottle t;
        const int64_t t0 = 1'790'000'000;
        for (int i = 0; i < 3; ++i) {
            CPPUNIT_ASSERT_EQUAL(int64_t(0), t.waitFor("r:a", 3, t0 + i * 10));
            t.record("r:a", t0 + i * 10);
        }
        CPPUNIT_ASSERT_EQUAL(int64_t(3600 - 25), t.waitFor("r:a", 3, t0 + 25));  // until the first leaves the hour
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.waitFor("r:b", 3, t0 + 25));          // another key
        CPPUNIT_ASSERT_EQUAL(int64_t(0), t.waitFor("r:a", 3, t0 + 3600));        // the first send is an hour old
        CPPUNIT_ASSERT(t.waitFor("r:a", 3, t0 + 3601) == 0);
        t.record("r:a", t0 + 3601);
        CPPUNIT_ASSERT_EQUAL(int64_t(10 + 3600 - 3601), t.waitFor("r:a", 3, t0 + 3601));  // t0+10 is now the oldest
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SendThrottleTest);
