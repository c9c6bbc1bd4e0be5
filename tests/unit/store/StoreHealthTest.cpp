// StoreHealth: the store's health read on a thread of its own, so /readyz and
// /metrics never wait on the store: the first answer is there at once, a
// change is seen at the next read, and a read that hangs holds only that thread.
#include "host/facilities/store/StoreHealth.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <thread>

using ipfacts::facilities::store::StoreHealth;
using namespace std::chrono_literals;

namespace {

/// Asks `health` until its failure's presence is `failing` (up to 5 s); returns whether it got there.
bool becomes(const StoreHealth& health, bool failing) {
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (health.lastFailure().has_value() != failing) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

}  // namespace

class StoreHealthTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StoreHealthTest);
    CPPUNIT_TEST(theFirstAnswerIsThereAtOnceAndChangesFollow);
    CPPUNIT_TEST(aHangingReadHoldsOnlyItsThread);
    CPPUNIT_TEST_SUITE_END();

public:
    void theFirstAnswerIsThereAtOnceAndChangesFollow() {
        std::atomic<bool> down{true};
        std::atomic<int> reads{0};
        StoreHealth health(
            [&]() -> std::optional<std::string> {
                ++reads;
                if (down) return std::string("connection refused");
                return std::nullopt;
            },
            10ms);
        CPPUNIT_ASSERT(reads >= 1);  // read in the constructor
        CPPUNIT_ASSERT(health.lastFailure().has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("connection refused"), *health.lastFailure());
        down = false;
        CPPUNIT_ASSERT(becomes(health, false));
        down = true;
        CPPUNIT_ASSERT(becomes(health, true));
    }

    void aHangingReadHoldsOnlyItsThread() {
        std::atomic<bool> hang{false}, inside{false}, released{false};
        {
            StoreHealth health(
                [&]() -> std::optional<std::string> {
                    if (!hang) return std::nullopt;
                    inside = true;
                    while (!released) std::this_thread::sleep_for(1ms);
                    return std::string("timed out");
                },
                5ms);
            hang = true;
            while (!inside) std::this_thread::sleep_for(1ms);
            // Its thread is inside the hanging read; the last answer is read
            // without waiting for it (were it waited for, this would never return).
            CPPUNIT_ASSERT(!health.lastFailure().has_value());
            released = true;
            CPPUNIT_ASSERT(becomes(health, true));
        }  // the destructor stops the thread between reads
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StoreHealthTest);
