// Periodic tasks: runs happen on worker fibers on their schedule, never
// overlap (a run still going makes the next one skipped), stop with the
// runner, and a malformed task is refused with its reason.
#include "host/facilities/tasks/TaskRunner.h"
#include "host/fiber/FiberPoll.h"
#include "host/fiber/FiberScheduler.h"

#include "tests/support/EventCounter.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

using ipfacts::facilities::tasks::specFromTask;
using ipfacts::facilities::tasks::TaskRunner;
using ipfacts::facilities::tasks::TaskSpec;
using ipfacts::fiber::FiberScheduler;
using Counter = ipfacts::testing::EventCounter;
using namespace std::chrono_literals;

namespace {

/// What one test task records of its runs.
struct Probe {
    Counter runs;
    std::atomic<int> inside{0};
    std::atomic<int> most_inside{0};
    std::atomic<bool> on_fiber{true};
    int hold_fd = -1;  // >= 0: each run waits (fiber::poll) until this is readable

    static void run(void* state) {
        auto* p = static_cast<Probe*>(state);
        int now = ++p->inside;
        int seen = p->most_inside.load();
        while (now > seen && !p->most_inside.compare_exchange_weak(seen, now)) {
        }
        if (!ipfacts::fiber::onFiber()) p->on_fiber = false;
        if (p->hold_fd >= 0) {
            pollfd pfd{p->hold_fd, POLLIN, 0};
            ipfacts::fiber::poll(&pfd, 1, 10000);
        }
        --p->inside;
        p->runs.add();
    }
};

TaskSpec spec(Probe& p, const char* name, std::chrono::milliseconds interval,
              std::chrono::milliseconds first_delay = 0ms) {
    TaskSpec s;
    s.plugin = "test";
    s.name = name;
    s.interval = interval;
    s.first_delay = first_delay;
    s.timeout = 20s;
    s.run = &Probe::run;
    s.state = &p;
    return s;
}

ipf_task cTask(const char* name, uint32_t interval_ms, ipf_task_fn run) {
    ipf_task t{};
    t.struct_size = sizeof t;
    t.interval_ms = interval_ms;
    t.name = ipf_str{name, std::char_traits<char>::length(name)};
    t.run = run;
    return t;
}

}  // namespace

class TaskRunnerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TaskRunnerTest);
    CPPUNIT_TEST(runsOnAFiberOnItsSchedule);
    CPPUNIT_TEST(firstDelayHoldsTheFirstRun);
    CPPUNIT_TEST(aRunStillGoingSkipsTheNext);
    CPPUNIT_TEST(nothingRunsAfterStop);
    CPPUNIT_TEST(refusesMalformedTasks);
    CPPUNIT_TEST(refusesARepeatedName);
    CPPUNIT_TEST_SUITE_END();

public:
    // Interval 1 s, first run at once: the second run comes about a second
    // after the first, both on worker fibers.
    void runsOnAFiberOnItsSchedule() {
        FiberScheduler workers({2, 64, 64 * 1024});
        Probe p;
        TaskRunner runner;
        CPPUNIT_ASSERT_EQUAL(std::string(), runner.add(spec(p, "tick", 1000ms)));
        const auto start = std::chrono::steady_clock::now();
        runner.start(workers);
        CPPUNIT_ASSERT(p.runs.waitFor(1, 5s));
        CPPUNIT_ASSERT(p.runs.waitFor(2, 5s));
        const auto took = std::chrono::steady_clock::now() - start;
        CPPUNIT_ASSERT_MESSAGE("the second run waits for the interval", took >= 900ms);
        CPPUNIT_ASSERT(p.on_fiber.load());
        runner.stop();
        workers.stop();
        CPPUNIT_ASSERT(runner.counts("test", "tick").runs >= 2);
    }

    // A first delay of 1.5 s: nothing has run after 0.5 s.
    void firstDelayHoldsTheFirstRun() {
        FiberScheduler workers({1, 16, 64 * 1024});
        Probe p;
        TaskRunner runner;
        runner.add(spec(p, "later", 60000ms, 1500ms));
        runner.start(workers);
        std::this_thread::sleep_for(500ms);
        CPPUNIT_ASSERT_EQUAL(0, p.runs.value());
        CPPUNIT_ASSERT(p.runs.waitFor(1, 5s));
        runner.stop();
        workers.stop();
    }

    // Each run waits on a pipe nobody writes until the runner has skipped a
    // due run: never two runs at once, and the skip is counted.
    void aRunStillGoingSkipsTheNext() {
        int fds[2];
        CPPUNIT_ASSERT_EQUAL(0, ::pipe2(fds, O_CLOEXEC | O_NONBLOCK));
        FiberScheduler workers({2, 64, 64 * 1024});
        Probe p;
        p.hold_fd = fds[0];
        TaskRunner runner;
        runner.add(spec(p, "slow", 1000ms));
        runner.start(workers);
        for (int i = 0; i < 100 && runner.counts("test", "slow").skipped == 0; ++i) std::this_thread::sleep_for(50ms);
        CPPUNIT_ASSERT(runner.counts("test", "slow").skipped >= 1);
        CPPUNIT_ASSERT_EQUAL(0, p.runs.value());
        CPPUNIT_ASSERT_EQUAL(ssize_t(1), ::write(fds[1], "x", 1));  // readable from now on: runs end at once
        CPPUNIT_ASSERT(p.runs.waitFor(1, 5s));
        runner.stop();
        workers.stop();
        CPPUNIT_ASSERT_EQUAL(1, p.most_inside.load());
        ::close(fds[0]);
        ::close(fds[1]);
    }

    // After stop() no run starts, though runs fall due.
    void nothingRunsAfterStop() {
        FiberScheduler workers({1, 16, 64 * 1024});
        Probe p;
        TaskRunner runner;
        runner.add(spec(p, "tick", 1000ms));
        runner.start(workers);
        CPPUNIT_ASSERT(p.runs.waitFor(1, 5s));
        runner.stop();
        const int ran = p.runs.value();
        std::this_thread::sleep_for(1300ms);
        CPPUNIT_ASSERT_EQUAL(ran, p.runs.value());
        workers.stop();
    }

    void refusesMalformedTasks() {
        TaskSpec out;
        auto noop = [](void*) {};
        ipf_task ok = cTask("feed.refresh-1", 1000, noop);
        CPPUNIT_ASSERT_EQUAL(std::string(), specFromTask("p", ok, out));
        CPPUNIT_ASSERT_EQUAL(std::string("feed.refresh-1"), out.name);
        CPPUNIT_ASSERT(out.timeout == 1000ms);  // the interval, when not given

        ipf_task fast = cTask("x", 999, noop);
        CPPUNIT_ASSERT_EQUAL(std::string("a task's interval_ms is at least 1000"), specFromTask("p", fast, out));
        ipf_task norun = cTask("x", 1000, nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("the task has no run function"), specFromTask("p", norun, out));
        for (const char* bad : {"", "Upper", "with space", "slash/name"}) {
            ipf_task t = cTask(bad, 1000, noop);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string("a task name is 1-64 characters of [a-z0-9_.-]"),
                                         specFromTask("p", t, out));
        }
        ipf_task small = ok;
        small.struct_size = 8;
        CPPUNIT_ASSERT_EQUAL(std::string("the task's struct_size is too small"), specFromTask("p", small, out));
        ipf_task longest = cTask("hourly", 3600000, noop);
        specFromTask("p", longest, out);
        CPPUNIT_ASSERT(out.timeout == 60000ms);  // a long interval's default time-out is capped
    }

    void refusesARepeatedName() {
        Probe p;
        TaskRunner runner;
        CPPUNIT_ASSERT_EQUAL(std::string(), runner.add(spec(p, "same", 1000ms)));
        CPPUNIT_ASSERT_EQUAL(std::string("the plugin already has a task named same"),
                             runner.add(spec(p, "same", 2000ms)));
        TaskSpec other = spec(p, "same", 1000ms);
        other.plugin = "another";
        CPPUNIT_ASSERT_EQUAL(std::string(), runner.add(other));  // names are per plugin
        CPPUNIT_ASSERT_EQUAL(size_t(2), runner.size());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TaskRunnerTest);
