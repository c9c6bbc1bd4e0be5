// FiberScheduler: the workers that run handlers which may wait on upstreams
// (everything not flagged IPF_HANDLER_NONBLOCKING). Each job becomes a fiber
// on the least loaded FiberWorker; a waiting fiber parks and its thread runs
// others, so a thousand requests stuck on a silent resolver hold a thousand
// small stacks, not a thousand threads. The event loops stay free either way.
#pragma once

#include "host/fiber/FiberWorker.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace ipfacts::fiber {

class FiberScheduler {
public:
    struct Options {
        unsigned threads = 4;
        size_t max_fibers = 4096;         // started plus queued, all threads
        size_t stack_bytes = 256 * 1024;  // per fiber; only touched pages are resident
    };

    explicit FiberScheduler(Options options);
    ~FiberScheduler();
    FiberScheduler(const FiberScheduler&) = delete;
    FiberScheduler& operator=(const FiberScheduler&) = delete;

    /// Runs `job` on a fiber; its waits end by `deadline_us` (monotonic µs, 0
    /// for none). False when max_fibers are in use or the scheduler stops.
    bool submit(std::function<void()> job, int64_t deadline_us = 0);

    /// Lets every fiber end, then joins the threads. Idempotent.
    void stop();
    /// Drops the jobs not started and waits until `deadline` for the running
    /// ones; true when all ended (threads joined), false when some still ran.
    bool stopBy(std::chrono::steady_clock::time_point deadline);

    /// Fibers started or queued now.
    size_t inUse() const { return in_use_.load(std::memory_order_relaxed); }

private:
    void ended();

    Options options_;
    std::vector<std::unique_ptr<FiberWorker>> workers_;
    std::atomic<size_t> in_use_{0};
    std::atomic<bool> stopping_{false};
    std::mutex idle_mu_;
    std::condition_variable idle_cv_;
};

}  // namespace ipfacts::fiber
