// CounterWriteBehind: keeps the rate limiter's day counts in a DayCountStore
// from a thread of its own, about once a second, so a restart keeps each
// caller's count of the day (losing at most the last period) while the
// request path only ever touches memory. At start restore() seeds today's
// counts before the first request; stop() writes the last changes.
#pragma once

#include "host/ratelimit/DayCountStore.h"
#include "host/ratelimit/RateLimiter.h"
#include "host/store/StoreFailureLog.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ipfacts::pipeline {

class CounterWriteBehind {
public:
    using Clock = std::function<int64_t()>;  // Unix seconds

    CounterWriteBehind(ratelimit::RateLimiter& limiter, ratelimit::DayCountStore& store,
                       std::chrono::milliseconds period, Clock clock);
    ~CounterWriteBehind();
    CounterWriteBehind(const CounterWriteBehind&) = delete;
    CounterWriteBehind& operator=(const CounterWriteBehind&) = delete;

    /// Seeds the limiter with today's kept counts; returns how many. A store
    /// failure is logged and starts the day from zero rather than not serving.
    size_t restore();
    /// Starts the thread that calls flush() every period.
    void start();
    /// Stops the thread and writes what changed since its last round.
    void stop();

    /// Writes the changed day counts once; false when the store failed (the
    /// changes are kept and written with the next round). Thread-safe.
    bool flush();

private:
    void run();

    ratelimit::RateLimiter& limiter_;
    ratelimit::DayCountStore& store_;
    const std::chrono::milliseconds period_;
    Clock clock_;
    std::mutex flush_mu_;                       // one flush at a time
    std::vector<ratelimit::DayCount> unsaved_;  // taken, not yet written (a failed round)
    int64_t unsaved_day_ = -1;
    store::StoreFailureLog failures_{"rate counters"};  // under flush_mu_: once, then a summary a minute
    std::mutex mu_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace ipfacts::pipeline
