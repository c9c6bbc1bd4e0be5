// StoreHealth: whether the store answers, asked by a thread of its own every
// `period`, so that /readyz and /metrics read the last answer and never wait
// on the store: an unreachable PostgreSQL (a connect time-out, not a refusal)
// would otherwise hold a worker and the health check for seconds each time,
// and a balancer whose check times out drains the node after all.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace ipfacts::facilities::store {

class StoreHealth {
public:
    /// `probe` reads the store once: nullopt when it answered, else why not.
    /// Probes once before returning (the first answer is there at start), then
    /// every `period` on its thread.
    StoreHealth(std::function<std::optional<std::string>()> probe, std::chrono::milliseconds period);
    /// Stops the thread (waits for a probe under way).
    ~StoreHealth();
    StoreHealth(const StoreHealth&) = delete;
    StoreHealth& operator=(const StoreHealth&) = delete;

    /// The last probe's failure (nullopt: it answered). Any thread, never blocks on the store.
    std::optional<std::string> lastFailure() const;

private:
    void run();

    std::function<std::optional<std::string>()> probe_;
    const std::chrono::milliseconds period_;
    mutable std::mutex mu_;
    std::condition_variable stop_cv_;
    bool stopping_ = false;
    std::optional<std::string> failure_;
    std::thread thread_;
};

}  // namespace ipfacts::facilities::store
