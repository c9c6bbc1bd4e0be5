// Request fibers: a waiting fiber holds no thread, waits end on time and by
// the job's deadline, the scheduler's bound and its shutdown.
#include "host/fiber/FiberPoll.h"
#include "host/fiber/FiberScheduler.h"

#include "tests/support/EventCounter.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

using ipfacts::fiber::FiberScheduler;
namespace fiber = ipfacts::fiber;
using Clock = std::chrono::steady_clock;

namespace {

int64_t nowUs() {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch()).count();
}

/// A pipe whose read end a fiber waits on; RAII.
struct Pipe {
    int fds[2]{-1, -1};
    Pipe() { CPPUNIT_ASSERT_EQUAL(0, ::pipe2(fds, O_CLOEXEC | O_NONBLOCK)); }
    ~Pipe() {
        ::close(fds[0]);
        ::close(fds[1]);
    }
    void signal() const { CPPUNIT_ASSERT_EQUAL(ssize_t(1), ::write(fds[1], "x", 1)); }
};

/// Counts events and lets the test wait (bounded) until a count is reached.
using Counter = ipfacts::testing::EventCounter;

}  // namespace

class FiberSchedulerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FiberSchedulerTest);
    CPPUNIT_TEST(thousandWaitsOnTwoThreads);
    CPPUNIT_TEST(quickJobPassesParkedOnes);
    CPPUNIT_TEST(pollTimesOut);
    CPPUNIT_TEST(deadlineEndsAnEndlessWait);
    CPPUNIT_TEST(remainingMsFollowsTheDeadline);
    CPPUNIT_TEST(boundedByMaxFibers);
    CPPUNIT_TEST(stopByDropsQueuedJobs);
    CPPUNIT_TEST(offFiberPollIsPlainPoll);
    CPPUNIT_TEST(exceptionEndsOnlyItsFiber);
    CPPUNIT_TEST_SUITE_END();

public:
    // 1,000 jobs each wait on a descriptor nobody writes yet: all of them are
    // parked at once on two threads, then each ends when its pipe is written.
    void thousandWaitsOnTwoThreads() {
        FiberScheduler s({2, 2000, 64 * 1024});
        std::vector<std::unique_ptr<Pipe>> pipes;
        for (int i = 0; i < 1000; ++i) pipes.push_back(std::make_unique<Pipe>());
        Counter waiting, done;
        for (auto& p : pipes) {
            int fd = p->fds[0];
            CPPUNIT_ASSERT(s.submit([fd, &waiting, &done] {
                CPPUNIT_ASSERT(fiber::onFiber());
                pollfd pfd{fd, POLLIN, 0};
                waiting.add();
                CPPUNIT_ASSERT_EQUAL(1, fiber::poll(&pfd, 1, -1));
                CPPUNIT_ASSERT(pfd.revents & POLLIN);
                done.add();
            }));
        }
        CPPUNIT_ASSERT(waiting.waitFor(1000));
        CPPUNIT_ASSERT_EQUAL(0, done.value());
        CPPUNIT_ASSERT_EQUAL(size_t(1000), s.inUse());
        for (auto& p : pipes) p->signal();
        CPPUNIT_ASSERT(done.waitFor(1000));
        s.stop();
        CPPUNIT_ASSERT_EQUAL(size_t(0), s.inUse());
    }

    // One thread: a job submitted after 100 parked ones runs to its end
    // while they still wait.
    void quickJobPassesParkedOnes() {
        FiberScheduler s({1, 200, 64 * 1024});
        Pipe gate;
        Counter waiting, done, quick;
        for (int i = 0; i < 100; ++i)
            s.submit([&] {
                pollfd pfd{gate.fds[0], POLLIN, 0};
                waiting.add();
                fiber::poll(&pfd, 1, -1);
                done.add();
            });
        CPPUNIT_ASSERT(waiting.waitFor(100));
        s.submit([&] { quick.add(); });
        CPPUNIT_ASSERT(quick.waitFor(1));
        CPPUNIT_ASSERT_EQUAL(0, done.value());
        gate.signal();  // level-triggered: every waiter sees it
        CPPUNIT_ASSERT(done.waitFor(100));
    }

    void pollTimesOut() {
        FiberScheduler s({1, 10, 64 * 1024});
        Pipe p;
        std::atomic<int> result{-2};
        std::atomic<int64_t> waited_us{0};
        Counter done;
        s.submit([&] {
            pollfd pfd{p.fds[0], POLLIN, 0};
            int64_t t0 = nowUs();
            result = fiber::poll(&pfd, 1, 50);
            waited_us = nowUs() - t0;
            done.add();
        });
        CPPUNIT_ASSERT(done.waitFor(1));
        CPPUNIT_ASSERT_EQUAL(0, result.load());
        CPPUNIT_ASSERT(waited_us.load() >= 50'000);
    }

    void deadlineEndsAnEndlessWait() {
        FiberScheduler s({1, 10, 64 * 1024});
        Pipe p;
        std::atomic<int> result{-2};
        Counter done;
        const int64_t deadline = nowUs() + 100'000;
        s.submit(
            [&] {
                pollfd pfd{p.fds[0], POLLIN, 0};
                result = fiber::poll(&pfd, 1, -1);
                done.add();
            },
            deadline);
        CPPUNIT_ASSERT(done.waitFor(1));
        CPPUNIT_ASSERT_EQUAL(0, result.load());
        CPPUNIT_ASSERT(nowUs() >= deadline);
    }

    void remainingMsFollowsTheDeadline() {
        CPPUNIT_ASSERT_EQUAL(5000, fiber::remainingMs(5000));  // not on a fiber: unchanged
        FiberScheduler s({1, 10, 64 * 1024});
        std::atomic<int> near{-1}, none{-1};
        Counter done;
        s.submit(
            [&] {
                near = fiber::remainingMs(5000);
                done.add();
            },
            nowUs() + 1'000'000);
        s.submit(
            [&] {
                none = fiber::remainingMs(5000);
                done.add();
            },
            0);
        CPPUNIT_ASSERT(done.waitFor(2));
        CPPUNIT_ASSERT(near.load() > 0 && near.load() <= 1000);
        CPPUNIT_ASSERT_EQUAL(5000, none.load());
    }

    void boundedByMaxFibers() {
        FiberScheduler s({1, 3, 64 * 1024});
        Pipe gate;
        Counter waiting, done;
        for (int i = 0; i < 3; ++i)
            CPPUNIT_ASSERT(s.submit([&] {
                pollfd pfd{gate.fds[0], POLLIN, 0};
                waiting.add();
                fiber::poll(&pfd, 1, -1);
                done.add();
            }));
        CPPUNIT_ASSERT(waiting.waitFor(3));
        CPPUNIT_ASSERT(!s.submit([] {}));
        gate.signal();
        CPPUNIT_ASSERT(done.waitFor(3));
        s.stop();
    }

    // stopBy: queued jobs never start; running ones end; true once all ended.
    void stopByDropsQueuedJobs() {
        FiberScheduler s({1, 100, 64 * 1024});
        Pipe gate;
        std::atomic<int> started{0};
        Counter waiting;
        // The first job blocks the thread outright (no fiber::poll), so the
        // second is still queued when stopBy comes.
        s.submit([&] {
            ++started;
            waiting.add();
            pollfd pfd{gate.fds[0], POLLIN, 0};
            ::poll(&pfd, 1, 20000);
        });
        CPPUNIT_ASSERT(waiting.waitFor(1));
        s.submit([&] { ++started; });
        CPPUNIT_ASSERT_EQUAL(size_t(2), s.inUse());
        std::atomic<bool> stopped{false};
        std::thread stopper([&] { stopped = s.stopBy(Clock::now() + std::chrono::seconds(20)); });
        // stopBy drops the queued job first; only then may the first one end.
        for (int i = 0; i < 10000 && s.inUse() != 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        CPPUNIT_ASSERT_EQUAL(size_t(1), s.inUse());
        gate.signal();
        stopper.join();
        CPPUNIT_ASSERT(stopped.load());
        CPPUNIT_ASSERT_EQUAL(1, started.load());
        CPPUNIT_ASSERT(!s.submit([] {}));
    }

    void offFiberPollIsPlainPoll() {
        CPPUNIT_ASSERT(!fiber::onFiber());
        Pipe p;
        pollfd pfd{p.fds[0], POLLIN, 0};
        CPPUNIT_ASSERT_EQUAL(0, fiber::poll(&pfd, 1, 10));
        p.signal();
        CPPUNIT_ASSERT_EQUAL(1, fiber::poll(&pfd, 1, 10));
    }

    void exceptionEndsOnlyItsFiber() {
        FiberScheduler s({1, 10, 64 * 1024});
        Counter done;
        s.submit([] { throw std::runtime_error("a plugin bug"); });
        s.submit([&] { done.add(); });
        CPPUNIT_ASSERT(done.waitFor(1));
        s.stop();
        CPPUNIT_ASSERT_EQUAL(size_t(0), s.inUse());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FiberSchedulerTest);
