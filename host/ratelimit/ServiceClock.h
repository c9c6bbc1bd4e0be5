// ServiceClock: the one time the service judges by — rate windows (the minute,
// the UTC day), challenges, sign-in links, sessions and usage days, the
// meters facility's daily budgets and the http facility's upstream budgets. The system
// clock, plus an offset only a manual clock (accounts.manual_clock, tests) lets
// host.account_clock move, so windows and expiries are tested without waiting.
#pragma once

#include <atomic>
#include <cstdint>

namespace ipfacts::ratelimit {

class ServiceClock {
public:
    explicit ServiceClock(bool manual) : manual_(manual) {}
    /// The system clock, never moved: what parts started without the daemon's
    /// clock (a test of one facility) judge by.
    static const ServiceClock& system();
    /// Unix seconds. Thread-safe; as cheap as time(2) plus one atomic load.
    int64_t now() const;
    /// Microseconds on a monotonic clock, moved by advance() as now() is: the
    /// event loop's time-outs, which a test drives by moving a manual clock.
    int64_t monotonicMicros() const;
    bool manual() const { return manual_; }
    /// Moves a manual clock by `seconds`; false (and nothing moves) otherwise.
    bool advance(int64_t seconds);

private:
    bool manual_;
    std::atomic<int64_t> offset_{0};
};

}  // namespace ipfacts::ratelimit
