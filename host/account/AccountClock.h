// AccountClock: the time links, sessions and usage days are judged by. The
// system clock, plus an offset that only a manual clock (accounts.manual_clock,
// tests) lets host.account_clock move, so link expiry is tested without waiting.
#pragma once

#include <atomic>
#include <cstdint>

namespace ipfacts::account {

class AccountClock {
public:
    explicit AccountClock(bool manual) : manual_(manual) {}
    /// Unix seconds. Thread-safe.
    int64_t now() const;
    bool manual() const { return manual_; }
    /// Moves a manual clock by `seconds`; false (and nothing moves) otherwise.
    bool advance(int64_t seconds);

private:
    bool manual_;
    std::atomic<int64_t> offset_{0};
};

}  // namespace ipfacts::account
