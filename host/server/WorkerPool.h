// WorkerPool: a fixed set of threads for handlers that may wait on I/O, so
// the event loops never block. The queue is bounded: when full, submit()
// refuses and the caller answers 503.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ipfacts::server {

class WorkerPool {
public:
    WorkerPool(unsigned threads, size_t max_queue);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    /// Queues `job`; false when the queue is full or the pool is stopping.
    bool submit(std::function<void()> job);

    /// Finishes queued jobs and joins the threads. Idempotent.
    void stop();
    /// Drops the jobs not started and waits until `deadline` for the running
    /// ones; true when every thread ended (and was joined), false when some
    /// job was still running at the deadline (the threads are left as they are).
    bool stopBy(std::chrono::steady_clock::time_point deadline);

private:
    void run();

    std::mutex mu_;
    std::condition_variable cv_;
    std::condition_variable idle_cv_;
    size_t running_ = 0;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> threads_;
    size_t max_queue_;
    bool stopping_ = false;
};

}  // namespace ipfacts::server
