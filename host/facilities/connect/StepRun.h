// StepRun: what every run of the connect facility (a TLS probe, a TCP
// exchange) shares — a deadline, the one thing it waits on now, and the
// rules that end it: an exception in a step ends it with "internal error",
// its deadline with "timeout after N ms", a failed poll with the caller's
// words. A run only says what it waits on; RunLoop does the waiting.
#pragma once

#include "host/facilities/connect/Deadline.h"
#include "host/facilities/connect/Wait.h"

#include <chrono>
#include <cstdint>
#include <exception>
#include <string>

namespace ipfacts::facilities::connect {

class StepRun {
public:
    virtual ~StepRun() = default;

    /// What the run waits on now; Wait::none() once finished.
    Wait waiting() const { return wait_; }
    Deadline deadline() const { return deadline_; }
    bool finished() const { return wait_.finished(); }

    /// Goes on after poll reported `revents` for waiting().fd.
    void resume(short revents) {
        if (!finished()) guarded([&] { step(revents); });
    }
    /// The deadline passed: ends the run with "timeout after N ms".
    void expire() {
        if (!finished()) finish("timeout after " + std::to_string(timeout_ms_) + " ms");
    }
    /// Ends the run with `why` (e.g. the poll itself failed).
    void abandon(const std::string& why) {
        if (!finished()) finish(why);
    }

protected:
    explicit StepRun(int timeout_ms)
        : timeout_ms_(timeout_ms), deadline_(std::chrono::milliseconds(timeout_ms)), started_(Deadline::Clock::now()) {}

    /// Runs `f`, ending the run with "internal error: ..." when it throws.
    template <class F>
    void guarded(F&& f) {
        try {
            f();
        } catch (const std::exception& e) {
            finish(std::string("internal error: ") + e.what());
        }
    }
    int64_t elapsedMs() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Deadline::Clock::now() - started_).count();
    }

    /// The next step after the wait ended with `revents` (0: no wait yet).
    virtual void step(short revents) = 0;
    /// Records the outcome (`error` empty on success), sets wait_ to none and
    /// lets go of sockets at once.
    virtual void finish(const std::string& error) = 0;

    Wait wait_;

private:
    int timeout_ms_;
    Deadline deadline_;
    Deadline::Clock::time_point started_;
};

}  // namespace ipfacts::facilities::connect
