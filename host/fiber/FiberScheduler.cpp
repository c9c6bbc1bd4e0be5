#include "host/fiber/FiberScheduler.h"

namespace ipfacts::fiber {

FiberScheduler::FiberScheduler(Options options) : options_(options) {
    const unsigned n = options_.threads ? options_.threads : 1;
    for (unsigned i = 0; i < n; ++i)
        workers_.push_back(std::make_unique<FiberWorker>(options_.stack_bytes, [this] { ended(); }));
}

FiberScheduler::~FiberScheduler() { stop(); }

bool FiberScheduler::submit(std::function<void()> job, int64_t deadline_us) {
    if (stopping_.load()) return false;
    if (in_use_.fetch_add(1) >= options_.max_fibers) {
        in_use_.fetch_sub(1);
        return false;
    }
    FiberWorker* least = workers_.front().get();
    for (const auto& w : workers_)
        if (w->load() < least->load()) least = w.get();
    least->post({std::move(job), deadline_us});
    return true;
}

void FiberScheduler::ended() {
    if (in_use_.fetch_sub(1) != 1) return;
    std::lock_guard<std::mutex> lock(idle_mu_);
    idle_cv_.notify_all();
}

void FiberScheduler::stop() {
    stopping_ = true;
    for (auto& w : workers_) w->stop(false);
    for (auto& w : workers_) w->join();
}

bool FiberScheduler::stopBy(std::chrono::steady_clock::time_point deadline) {
    stopping_ = true;
    // Their connections were answered 503 by the loops.
    for (auto& w : workers_) in_use_.fetch_sub(w->stop(true));
    std::unique_lock<std::mutex> lock(idle_mu_);
    if (!idle_cv_.wait_until(lock, deadline, [this] { return in_use_.load() == 0; })) return false;
    lock.unlock();
    for (auto& w : workers_) w->join();
    return true;
}

}  // namespace ipfacts::fiber
