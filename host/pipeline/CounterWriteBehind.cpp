#include "host/pipeline/CounterWriteBehind.h"

#include <spdlog/spdlog.h>

namespace ipfacts::pipeline {
namespace {

// Day counts a failing store may leave waiting (about 24 MB): past it the
// oldest are dropped, and those callers restart from an older count.
constexpr size_t kMaxUnsaved = size_t(1) << 20;

}  // namespace

CounterWriteBehind::CounterWriteBehind(ratelimit::RateLimiter& limiter, ratelimit::DayCountStore& store,
                                       std::chrono::milliseconds period, Clock clock)
    : limiter_(limiter), store_(store), period_(period), clock_(std::move(clock)) {}

CounterWriteBehind::~CounterWriteBehind() { stop(); }

size_t CounterWriteBehind::restore() {
    const int64_t now = clock_();
    try {
        auto counts = store_.load(now / 86400);
        limiter_.restoreDayCounts(now / 86400, counts, now);
        return counts.size();
    } catch (const std::exception& e) {
        spdlog::error("rate counters: today's counts could not be read, counting from zero: {}", e.what());
        return 0;
    }
}

void CounterWriteBehind::start() {
    std::lock_guard<std::mutex> lock(mu_);
    if (thread_.joinable() || stopping_) return;
    thread_ = std::thread([this] { run(); });
}

void CounterWriteBehind::stop() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_) return;
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    flush();
}

void CounterWriteBehind::run() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!wake_.wait_for(lock, period_, [this] { return stopping_; })) {
        lock.unlock();
        flush();
        lock.lock();
    }
}

bool CounterWriteBehind::flush() {
    std::lock_guard<std::mutex> lock(flush_mu_);
    int64_t day = 0;
    auto changed = limiter_.takeChangedDayCounts(clock_(), day);
    // What a failed round kept goes first, so a later value of the same key wins.
    if (unsaved_day_ == day) changed.insert(changed.begin(), unsaved_.begin(), unsaved_.end());
    unsaved_.clear();
    unsaved_day_ = -1;
    if (changed.empty()) return true;
    try {
        store_.save(day, changed);
        failures_.succeeded();
        return true;
    } catch (const std::exception& e) {
        failures_.failed(std::to_string(changed.size()) + " day counts not written", e.what());
        if (changed.size() > kMaxUnsaved) changed.erase(changed.begin(), changed.end() - kMaxUnsaved);
        unsaved_ = std::move(changed);
        unsaved_day_ = day;
        return false;
    }
}

}  // namespace ipfacts::pipeline
