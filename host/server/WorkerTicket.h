// WorkerTicket: a request handed to a worker is claimed exactly once, by the
// worker starting it or by its event loop answering 503 overloaded when it
// waited for a worker past its route's time budget. Shared by both sides.
#pragma once

#include <atomic>
#include <cstdint>

namespace ipfacts::server {

class WorkerTicket {
public:
    explicit WorkerTicket(int64_t start_by_us) : start_by_us_(start_by_us) {}

    /// The worker's claim; false when the loop already answered.
    bool start() { return claim(kStarted); }
    /// The loop's claim once start_by() passed; false when a worker has it.
    bool expire() { return claim(kExpired); }
    int64_t startBy() const { return start_by_us_; }

private:
    enum State : int { kQueued, kStarted, kExpired };
    bool claim(State to) {
        int queued = kQueued;
        return state_.compare_exchange_strong(queued, to);
    }

    const int64_t start_by_us_;
    std::atomic<int> state_{kQueued};
};

}  // namespace ipfacts::server
