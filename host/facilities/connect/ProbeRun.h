// ProbeRun: one TLS probe from request to result — check the request, find
// the addresses and connect through the guard (GuardedDial), shake hands
// (TlsProbe) — as a machine
// that never waits itself: it says what it waits on (Wait) and by when
// (deadline), and ProbeBatch does the waiting for many runs at once.
#pragma once

#include "host/facilities/connect/GuardedDial.h"
#include "host/facilities/connect/StepRun.h"
#include "host/facilities/connect/TlsProbe.h"
#include "host/facilities/connect/TlsProbeRequest.h"
#include "host/facilities/connect/TlsProbeResult.h"
#include "host/facilities/connect/Wait.h"

#include <openssl/ssl.h>

#include <memory>
#include <optional>

namespace ipfacts::facilities::connect {

class ProbeRun : public StepRun {
public:
    /// `request.timeout_ms` (> 0) bounds the whole run. `guard` and `ctx`
    /// must outlive the run. Starts at once: a bad request or a literal the
    /// guard refuses is finished before the constructor returns.
    ProbeRun(const guard::AddressGuard& guard, SSL_CTX* ctx, TlsProbeRequest request);

    /// The outcome; complete once finished().
    TlsProbeResult takeResult();

private:
    void start();
    void handshake();
    void finish(const std::string& error) override;
    void step(short revents) override;

    const guard::AddressGuard& guard_;
    SSL_CTX* ctx_;
    TlsProbeRequest request_;
    std::optional<GuardedDial> dial_;
    std::unique_ptr<TlsProbe> tls_;
    TlsProbeResult result_;
};

}  // namespace ipfacts::facilities::connect
