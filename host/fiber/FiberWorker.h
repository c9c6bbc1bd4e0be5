// FiberWorker: one thread that runs request fibers. A fiber runs until its
// handler waits on descriptors (fiber::poll); the worker then parks it, with
// the descriptors in the worker's epoll set and its time limit in a timer
// list, and runs other fibers. When a descriptor is ready or the time is up
// the fiber continues where it stopped. Waiting therefore costs a parked
// stack, never a thread.
#pragma once

#include "host/fiber/Fiber.h"

#include <poll.h>

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace ipfacts::fiber {

class FiberWorker {
public:
    struct Job {
        std::function<void()> run;
        int64_t deadline_us = 0;  // monotonic; bounds every wait of the job, 0 for none
    };

    /// `ended` is called on the worker's thread each time a fiber's job ends.
    FiberWorker(size_t stack_bytes, std::function<void()> ended);
    ~FiberWorker();
    FiberWorker(const FiberWorker&) = delete;
    FiberWorker& operator=(const FiberWorker&) = delete;

    /// Queues a job for this worker. Thread-safe.
    void post(Job job);
    /// Asks the thread to end once its fibers have ended; queued jobs are
    /// dropped (returns how many) when `drop_queued`, else run first. Thread-safe.
    size_t stop(bool drop_queued);
    void join();
    /// Fibers started and not ended, plus jobs queued. Thread-safe.
    size_t load() const { return load_.load(std::memory_order_relaxed); }

    /// On a fiber of this worker: parks it until a descriptor of `fds` is
    /// ready or `timeout_ms` (or the job's deadline) passes. Same result as ::poll.
    int poll(pollfd* fds, nfds_t count, int timeout_ms);

    /// The worker whose thread is calling, or null.
    static FiberWorker* current();

private:
    struct Wait;
    using Timers = std::multimap<int64_t, Wait*>;
    struct Wait {
        Wait(Fiber* f, const pollfd* p, nfds_t n) : fiber(f), fds(p), count(n) {}
        Fiber* fiber;
        const pollfd* fds;
        nfds_t count;
        bool woken = false;
        bool timed = false;
        Timers::iterator timer;
    };
    /// A descriptor in the epoll set and the waits on it: fibers of one
    /// worker may wait on the same descriptor, which epoll takes only once.
    struct Watched {
        uint32_t events = 0;
        std::vector<Wait*> waits;
    };

    void run();
    void startQueued();
    void start(Job job);
    void resume(Fiber* f);
    void resumeReady();
    int nextWaitMs() const;
    void waitEvents(int timeout_ms);
    void expireTimers();
    void wake(Wait& w);
    bool registerFds(Wait& w);
    void unregisterFds(Wait& w, nfds_t upto);
    bool setInterest(int fd, Watched& watched);
    std::unique_ptr<Fiber> takeFiber();
    void recycle(std::unique_ptr<Fiber> f);
    bool done();

    const size_t stack_bytes_;
    std::function<void()> ended_;
    int epfd_ = -1;
    int wakefd_ = -1;
    std::mutex mu_;
    std::deque<Job> inbox_;
    bool stopping_ = false;
    std::atomic<size_t> load_{0};

    // Touched by the worker's thread only.
    std::map<Fiber*, std::unique_ptr<Fiber>> live_;
    std::vector<std::unique_ptr<Fiber>> pool_;
    std::vector<Fiber*> ready_;
    Timers timers_;
    std::unordered_map<int, Watched> watched_;
    std::thread thread_;
};

}  // namespace ipfacts::fiber
