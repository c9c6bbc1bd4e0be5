// TlsProbe: one TLS client handshake on a connected non-blocking socket, run
// step by step (the caller waits on Wait through fiber::poll), and what it
// learnt: negotiated version, cipher and key-exchange group, the chain as
// presented, the verification outcome against the CA store (never a reason
// to stop), the stapled OCSP response, ALPN and any alert either side sent.
// It reports what it saw even when the handshake fails part way.
#pragma once

#include "host/facilities/connect/TlsProbeRequest.h"
#include "host/facilities/connect/TlsProbeResult.h"
#include "host/facilities/connect/UniqueFd.h"
#include "host/facilities/connect/Wait.h"

#include <openssl/ssl.h>

#include <memory>
#include <string>

namespace ipfacts::facilities::connect {

class TlsProbe {
public:
    /// Takes the socket; `ctx` (TlsClientContext) must outlive the probe.
    /// Throws std::runtime_error when OpenSSL cannot make the SSL object.
    TlsProbe(SSL_CTX* ctx, UniqueFd socket, const TlsProbeRequest& request);
    ~TlsProbe();
    TlsProbe(const TlsProbe&) = delete;  // OpenSSL's callbacks hold `this`
    TlsProbe& operator=(const TlsProbe&) = delete;

    /// Drives the handshake as far as it goes without waiting; returns what
    /// to wait on next, or Wait::none() when it is over (then error() is
    /// empty on success).
    Wait advance();

    /// The handshake's error so far ("closed during handshake",
    /// "TLS alert received: protocol version", ...); empty while it goes on or after success.
    const std::string& error() const { return error_; }
    /// Writes everything learnt into `out` (all but peer, time and error).
    void report(TlsProbeResult& out) const;

private:
    struct SslFree {
        void operator()(SSL* s) const { SSL_free(s); }
    };
    static void onInfo(const SSL* ssl, int where, int ret);
    void fail(int ssl_error);

    UniqueFd socket_;
    std::unique_ptr<SSL, SslFree> ssl_;
    std::string alpn_wire_;
    bool done_ = false;
    std::string error_;
    std::string alert_received_, alert_sent_;
};

}  // namespace ipfacts::facilities::connect
