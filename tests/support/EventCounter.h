// EventCounter: counts what other threads report and lets a test wait,
// bounded, until a count is reached. Header-only; shared by the suites that
// watch fibers and worker threads.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace ipfacts::testing {

class EventCounter {
public:
    void add() {
        std::lock_guard<std::mutex> lock(mu_);
        ++n_;
        cv_.notify_all();
    }
    int value() {
        std::lock_guard<std::mutex> lock(mu_);
        return n_;
    }
    /// False when `n` is not reached within `limit`.
    bool waitFor(int n, std::chrono::seconds limit = std::chrono::seconds(30)) {
        std::unique_lock<std::mutex> lock(mu_);
        return cv_.wait_for(lock, limit, [&] { return n_ >= n; });
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    int n_ = 0;
};

}  // namespace ipfacts::testing
