// StatusClock: where the prober and the accounting take the time from. The
// system clock in service; a manual one in tests (status.manual_clock), which
// stands still until told to move, so windows and gaps are exact.
#pragma once

#include <atomic>
#include <cstdint>

namespace ipfacts::status {

class StatusClock {
public:
    virtual ~StatusClock() = default;
    /// Unix milliseconds. Thread-safe.
    virtual int64_t nowMs() const = 0;
};

class SystemClock : public StatusClock {
public:
    int64_t nowMs() const override;
};

class ManualClock : public StatusClock {
public:
    explicit ManualClock(int64_t start_ms) : now_(start_ms) {}
    int64_t nowMs() const override { return now_.load(); }
    void set(int64_t ms) { now_.store(ms); }

private:
    std::atomic<int64_t> now_;
};

}  // namespace ipfacts::status
