// Deadline: a point on the steady clock a probe must finish by, and how long
// is left of it in the milliseconds poll wants.
#pragma once

#include <chrono>

namespace ipfacts::facilities::connect {

class Deadline {
public:
    using Clock = std::chrono::steady_clock;

    Deadline() = default;
    explicit Deadline(std::chrono::milliseconds in) : at_(Clock::now() + in) {}

    bool passed() const { return Clock::now() >= at_; }
    /// Milliseconds left, rounded up so a wait never ends just short of it; 0 once passed.
    int remainingMs() const {
        auto left = std::chrono::ceil<std::chrono::milliseconds>(at_ - Clock::now()).count();
        return left > 0 ? static_cast<int>(left) : 0;
    }
    Clock::time_point at() const { return at_; }

private:
    Clock::time_point at_ = Clock::now();
};

}  // namespace ipfacts::facilities::connect
