// Fiber: a request handler's own stack and registers, so it can stop in the
// middle (waiting on an upstream) and continue later on the same thread while
// that thread serves other requests. The handler's code reads top to bottom;
// the fiber's stack is its continuation. A fiber never moves between threads
// (thread-local state such as errno and per-thread caches stays valid).
// Parking and resuming switch stacks in user space (StackSwitch.h): no
// system call either way.
#pragma once

#include "host/fiber/FiberStack.h"
#include "host/fiber/SanitizerStacks.h"

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
    /// Called by the scheduler (or by a fiber that runs another).
    void resume();
    /// Called on the fiber: gives the thread back to whoever called resume()
    /// (the scheduler, or an enclosing fiber) until the next resume().
    void park();

    bool finished() const { return finished_; }
    int64_t deadline() const { return deadline_us_; }
    /// Drops the memory of a finished fiber's stack before it waits in the pool.
    void releaseStack() const { stack_.release(); }

private:
    static void entry(void* self);
    void runJob();
    /// Switches back to the caller of resume(); `ending` when this run of the
    /// stack is over for good (its frames are abandoned).
    void leave(bool ending);

    FiberStack stack_;
    void* fiber_sp_ = nullptr;    // where the fiber continues
    void* resumer_sp_ = nullptr;  // where resume() continues
    sanitizer::StackBounds resumer_stack_;
    std::function<void()> job_;
    int64_t deadline_us_ = 0;
    bool finished_ = true;
};

/// The fiber running on this thread, or null outside fibers.
Fiber* current();

}  // namespace ipfacts::fiber
