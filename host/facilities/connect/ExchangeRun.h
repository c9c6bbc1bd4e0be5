// ExchangeRun: one plain TCP exchange from request to result — check the
// request, find the addresses and connect through the guard (GuardedDial),
// write the payload, read until the server closes or the cap — as a machine
// that never waits itself: it says what it waits on and by when, and RunLoop
// waits for many.
#pragma once

#include "host/facilities/connect/GuardedDial.h"
#include "host/facilities/connect/StepRun.h"
#include "host/facilities/connect/TcpExchange.h"
#include "host/facilities/connect/UniqueFd.h"
#include "host/facilities/connect/Wait.h"

#include <memory>
#include <optional>
#include <string>

namespace ipfacts::facilities::connect {

class ExchangeRun : public StepRun {
public:
    /// `request.timeout_ms` and `max_bytes` (> 0) bound the run. `guard`
    /// must outlive it. Starts at once: a bad request or a literal the guard
    /// refuses is finished before the constructor returns.
    ExchangeRun(const guard::AddressGuard& guard, TcpExchangeRequest request);

    /// The outcome; complete once finished().
    TcpExchangeResult takeResult() { return std::move(result_); }

private:
    void start();
    void step(short revents) override;
    void writeSome();
    void readSome();
    void finish(const std::string& error) override;

    const guard::AddressGuard& guard_;
    TcpExchangeRequest request_;
    std::optional<GuardedDial> dial_;
    UniqueFd socket_;
    size_t written_ = 0;
    TcpExchangeResult result_;
};

/// Why `r` cannot be sent ("port is required (1-65535)"); empty when it can.
std::string exchangeProblem(const TcpExchangeRequest& r);

}  // namespace ipfacts::facilities::connect
