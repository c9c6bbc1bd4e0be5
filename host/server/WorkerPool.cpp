#include "host/server/WorkerPool.h"

namespace ipfacts::server {

WorkerPool::WorkerPool(unsigned threads, size_t max_queue) : max_queue_(max_queue) {
    for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() { stop(); }

bool WorkerPool::submit(std::function<void()> job) {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_ || jobs_.size() >= max_queue_) return false;
        jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
    return true;
}

void WorkerPool::stop() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_ && threads_.empty()) return;
        stopping_ = true;
    }
    cv_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
}

bool WorkerPool::stopBy(std::chrono::steady_clock::time_point deadline) {
    {
        std::unique_lock<std::mutex> lock(mu_);
        stopping_ = true;
        jobs_.clear();  // their connections were answered 503 by the loops
        cv_.notify_all();
        if (!idle_cv_.wait_until(lock, deadline, [this] { return running_ == 0; })) return false;
    }
    stop();
    return true;
}

void WorkerPool::run() {
    while (true) {
        std::function<void()> job;
        {
            std::unique_lock<std::mutex> lock(mu_);
            cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
            ++running_;
        }
        job();
        {
            std::lock_guard<std::mutex> lock(mu_);
            --running_;
        }
        idle_cv_.notify_all();
    }
}

}  // namespace ipfacts::server
