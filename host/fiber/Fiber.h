// Fiber: a request handler's own stack and registers, so it can stop in the
// middle (waiting on an upstream) and continue later on the same thread while
// that thread serves other requests. The handler's code reads top to bottom;
// the fiber's stack is its continuation. A fiber never moves between threads
// (thread-local state such as errno and per-thread caches stays valid).
#pragma once

#include "host/fiber/FiberStack.h"

#include <ucontext.h>

#include <cstdint>
#include <functional>

namespace ipfacts::fiber {

class Fiber {
public:
    explicit Fiber(size_t stack_bytes);
    Fiber(const Fiber&) = delete;
    Fiber& operator=(const Fiber&) = delete;

    /// Prepares the fiber to run `job` from its start; `deadline_us`
    /// (monotonic, 0 for none) bounds every wait the job makes.
    void start(std::function<void()> job, int64_t deadline_us);
    /// Runs the fiber from where it stopped until it parks or its job ends.
    /// Called by the scheduler only.
    void resume();
    /// Called on the fiber: gives the thread back to the scheduler until resume().
    void park();

    bool finished() const { return finished_; }
    int64_t deadline() const { return deadline_us_; }
    /// Drops the memory of a finished fiber's stack before it waits in the pool.
    void releaseStack() const { stack_.release(); }

private:
    static void entry(unsigned hi, unsigned lo);
    void runJob();

    FiberStack stack_;
    ucontext_t context_{};
    ucontext_t scheduler_{};
    std::function<void()> job_;
    int64_t deadline_us_ = 0;
    bool finished_ = true;
};

/// The fiber running on this thread, or null outside fibers.
Fiber* current();

}  // namespace ipfacts::fiber
