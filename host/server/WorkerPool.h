// WorkerPool: a fixed set of threads for handlers that may wait on I/O, so
// the event loops never block. The queue is bounded: when full, submit()
// refuses and the caller answers 503.
#pragma once

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

private:
    void run();

    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> threads_;
    size_t max_queue_;
    bool stopping_ = false;
};

}  // namespace ipfacts::server
