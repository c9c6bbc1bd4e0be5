#include "host/facilities/store/StoreHealth.h"

namespace ipfacts::facilities::store {

StoreHealth::StoreHealth(std::function<std::optional<std::string>()> probe, std::chrono::milliseconds period)
    : probe_(std::move(probe)), period_(period), failure_(probe_()) {
    thread_ = std::thread([this] { run(); });
}

StoreHealth::~StoreHealth() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        stopping_ = true;
    }
    stop_cv_.notify_all();
    thread_.join();
}

std::optional<std::string> StoreHealth::lastFailure() const {
    std::lock_guard<std::mutex> lock(mu_);
    return failure_;
}

void StoreHealth::run() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stop_cv_.wait_for(lock, period_, [this] { return stopping_; })) {
        lock.unlock();
        auto failure = probe_();  // may block on the store: outside the lock
        lock.lock();
        failure_ = std::move(failure);
    }
}

}  // namespace ipfacts::facilities::store
