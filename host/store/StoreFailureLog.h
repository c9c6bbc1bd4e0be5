// StoreFailureLog: what a write-behind logs while the store keeps failing. A
// full disk fails every round (five a second for the rate counters): the log
// gets the first failure whole, then one summary a minute while it lasts
// (how many rounds failed, the last reason), and one line when a round
// succeeds again. So the log neither floods the disk that is already full nor
// hides that the failure goes on.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace ipfacts::store {

class StoreFailureLog {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;

    /// `what` names the writer in every line ("rate counters", "key usage").
    explicit StoreFailureLog(std::string what, Clock clock = std::chrono::steady_clock::now,
                             std::chrono::seconds summary_every = std::chrono::seconds(60));

    /// A round failed with `reason`; `detail` says what was kept ("12 day counts kept").
    void failed(const std::string& detail, const std::string& reason);
    /// A round succeeded: after failures, one line says the store writes again.
    void succeeded();

    /// Lines written so far (tests).
    uint64_t lines() const { return lines_; }

private:
    std::string what_;
    Clock clock_;
    std::chrono::seconds summary_every_;
    uint64_t failures_ = 0;         // rounds failed in a row
    uint64_t since_last_line_ = 0;  // of them, not yet in a line
    std::chrono::steady_clock::time_point last_line_{};
    uint64_t lines_ = 0;
};

}  // namespace ipfacts::store
