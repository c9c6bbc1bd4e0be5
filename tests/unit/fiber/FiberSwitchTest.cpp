// The switch between a fiber's stack and its resumer's: round trips in lock
// step, values kept on both sides, a fiber that ends and starts again, fibers
// resumed from fibers, exceptions on a fiber's stack, and no system call in a
// switch.
#include "host/fiber/Fiber.h"

#include "tests/unit/fiber/SystemCallCount.h"

#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

using ipfacts::fiber::Fiber;
namespace fiber = ipfacts::fiber;

namespace {

constexpr size_t kStack = 64 * 1024;

/// Not inlined, so the values a caller keeps across it live in the registers
/// the switch must preserve (or in the caller's frame).
[[gnu::noinline]] void parkHere() { fiber::current()->park(); }

/// Parks at the bottom of `depth` nested frames, each keeping its own value.
[[gnu::noinline]] long parkDeep(int depth) {
    if (depth == 0) {
        parkHere();
        return 0;
    }
    const long mine = depth * 7919L;
    const long below = parkDeep(depth - 1);
    return mine + below;
}

}  // namespace

class FiberSwitchTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FiberSwitchTest);
    CPPUNIT_TEST(roundTripsRunInLockStep);
    CPPUNIT_TEST(valuesSurviveSwitches);
    CPPUNIT_TEST(endedFiberStartsAgain);
    CPPUNIT_TEST(parkFromDeepFrames);
    CPPUNIT_TEST(nestedFibersParkToTheirResumer);
    CPPUNIT_TEST(exceptionsAcrossParks);
    CPPUNIT_TEST(switchesMakeNoSystemCall);
    CPPUNIT_TEST_SUITE_END();

public:
    // 100,000 round trips: each resume runs exactly one step of the fiber.
    void roundTripsRunInLockStep() {
        Fiber f(kStack);
        long steps = 0;
        f.start(
            [&] {
                for (int i = 0; i < 100'000; ++i) {
                    ++steps;
                    parkHere();
                }
            },
            0);
        for (long i = 1; i <= 100'000; ++i) {
            f.resume();
            CPPUNIT_ASSERT_EQUAL(i, steps);
            CPPUNIT_ASSERT(!f.finished());
        }
        f.resume();
        CPPUNIT_ASSERT(f.finished());
        CPPUNIT_ASSERT_EQUAL(100'000L, steps);
    }

    // Integers and floating point values live across a park on the fiber and
    // across a resume on the resumer, while the other side churns its own
    // (unsigned: the sums wrap).
    void valuesSurviveSwitches() {
        Fiber f(kStack);
        std::vector<uint64_t> seen;
        f.start(
            [&] {
                uint64_t a = 1, b = 2, c = 3, d = 5, e = 8, g = 13;
                double x = 0.5, y = 1.25;
                for (int i = 0; i < 1000; ++i) {
                    parkHere();
                    a += b, b += c, c += d, d += e, e += g, g += a;
                    x = std::sqrt(x + y), y = y * 1.0001;
                }
                seen = {a, b, c, d, e, g, static_cast<uint64_t>(x * 1e6), static_cast<uint64_t>(y * 1e6)};
            },
            0);
        uint64_t p = 11, q = 17, r = 23;
        double z = 2.0;
        while (!f.finished()) {
            f.resume();
            p = p * 31 + q, q ^= r << 1, r += p, z += 0.25;
        }
        // The same arithmetic with no switch in between.
        uint64_t a = 1, b = 2, c = 3, d = 5, e = 8, g = 13;
        double x = 0.5, y = 1.25;
        for (int i = 0; i < 1000; ++i) {
            a += b, b += c, c += d, d += e, e += g, g += a;
            x = std::sqrt(x + y), y = y * 1.0001;
        }
        const std::vector<uint64_t> expected{
            a, b, c, d, e, g, static_cast<uint64_t>(x * 1e6), static_cast<uint64_t>(y * 1e6)};
        CPPUNIT_ASSERT(expected == seen);
        uint64_t p2 = 11, q2 = 17, r2 = 23;
        double z2 = 2.0;
        for (int i = 0; i < 1001; ++i) p2 = p2 * 31 + q2, q2 ^= r2 << 1, r2 += p2, z2 += 0.25;
        CPPUNIT_ASSERT_EQUAL(p2, p);
        CPPUNIT_ASSERT_EQUAL(q2, q);
        CPPUNIT_ASSERT_EQUAL(r2, r);
        CPPUNIT_ASSERT_EQUAL(z2, z);
    }

    // A fiber whose job ended starts again from the top of the same stack,
    // many times over.
    void endedFiberStartsAgain() {
        Fiber f(kStack);
        int total = 0;
        for (int run = 1; run <= 1000; ++run) {
            f.start(
                [&, run] {
                    parkHere();
                    total += run;
                },
                run);
            CPPUNIT_ASSERT_EQUAL(int64_t{run}, f.deadline());
            f.resume();
            CPPUNIT_ASSERT(!f.finished());
            f.resume();
            CPPUNIT_ASSERT(f.finished());
        }
        CPPUNIT_ASSERT_EQUAL(1000 * 1001 / 2, total);
    }

    // 200 frames deep, each keeping a value across the park.
    void parkFromDeepFrames() {
        Fiber f(kStack);
        long sum = -1;
        f.start([&] { sum = parkDeep(200); }, 0);
        f.resume();
        CPPUNIT_ASSERT_EQUAL(-1L, sum);
        f.resume();
        CPPUNIT_ASSERT(f.finished());
        CPPUNIT_ASSERT_EQUAL(7919L * 200 * 201 / 2, sum);
    }

    // A fiber resumes another: the inner one's park returns to the outer
    // fiber, the outer one's to the test, and current() follows.
    void nestedFibersParkToTheirResumer() {
        Fiber outer(kStack), inner(kStack);
        std::string trace;
        inner.start(
            [&] {
                CPPUNIT_ASSERT(fiber::current() == &inner);
                trace += "i1 ";
                parkHere();
                trace += "i2 ";
            },
            0);
        outer.start(
            [&] {
                trace += "o1 ";
                inner.resume();
                CPPUNIT_ASSERT(fiber::current() == &outer);
                trace += "o2 ";
                parkHere();
                trace += "o3 ";
                inner.resume();
                CPPUNIT_ASSERT(inner.finished());
                trace += "o4 ";
            },
            0);
        CPPUNIT_ASSERT(fiber::current() == nullptr);
        outer.resume();
        CPPUNIT_ASSERT(fiber::current() == nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("o1 i1 o2 "), trace);
        CPPUNIT_ASSERT(!outer.finished() && !inner.finished());
        outer.resume();
        CPPUNIT_ASSERT(outer.finished());
        CPPUNIT_ASSERT_EQUAL(std::string("o1 i1 o2 o3 i2 o4 "), trace);
    }

    // Thrown and caught on the fiber's stack after it was resumed; an escaping
    // exception ends only the fiber, which starts again cleanly.
    void exceptionsAcrossParks() {
        Fiber f(kStack);
        std::string caught;
        f.start(
            [&] {
                for (int i = 0; i < 3; ++i) {
                    try {
                        parkHere();
                        throw std::runtime_error("round " + std::to_string(i));
                    } catch (const std::runtime_error& e) {
                        caught += e.what();
                        caught += ';';
                    }
                }
                parkHere();
                throw std::logic_error("escapes the job");
            },
            0);
        for (int i = 0; i < 4; ++i) f.resume();
        CPPUNIT_ASSERT(!f.finished());
        CPPUNIT_ASSERT_EQUAL(std::string("round 0;round 1;round 2;"), caught);
        f.resume();
        CPPUNIT_ASSERT(f.finished());
        bool ran = false;
        f.start([&] { ran = true; }, 0);
        f.resume();
        CPPUNIT_ASSERT(ran && f.finished());
    }

    // The switch never enters the kernel: 10,000 round trips, 0 system calls
    // (swapcontext made 2 per round trip, to save and restore the signal mask).
    void switchesMakeNoSystemCall() {
        Fiber f(kStack);
        long steps = 0;
        f.start(
            [&] {
                for (int i = 0; i < 10'001; ++i) {
                    ++steps;
                    parkHere();
                }
            },
            0);
        const long calls = ipfacts::testing::systemCallsOf(
            [&] {
                for (int i = 0; i < 10'000; ++i) f.resume();
            },
            [&] { f.resume(); });
        CPPUNIT_ASSERT_EQUAL(10'001L, steps);
        CPPUNIT_ASSERT_EQUAL(0L, calls);
        f.resume();
        CPPUNIT_ASSERT(f.finished());
        // The count sees calls: a plain one counts.
        CPPUNIT_ASSERT_EQUAL(1L, ipfacts::testing::systemCallsOf([] { ::close(-1); }));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FiberSwitchTest);
