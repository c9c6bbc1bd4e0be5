// ProbeBatch: runs several TLS probes at once on the calling thread. Every
// wait — name lookups, connects, handshakes — goes through one
// ipfacts::fiber::poll over all the runs' descriptors, so a batch holds no
// thread more than a single probe would, and on a request fiber parks only
// that fiber. Each run ends by its own deadline; the batch ends with the last.
#pragma once

#include "host/facilities/connect/TlsProbeRequest.h"
#include "host/facilities/connect/TlsProbeResult.h"
#include "host/facilities/guard/AddressGuard.h"

#include <openssl/ssl.h>

#include <vector>

namespace ipfacts::facilities::connect {

/// Probes every request (each with timeout_ms > 0 and both versions set:
/// ConnectFacility fills the defaults); result i is request i's. Never throws and never waits past the longest timeout:
/// failures are results. Thread-safe (`guard` and `ctx` are only read).
std::vector<TlsProbeResult> probeAll(const guard::AddressGuard& guard, SSL_CTX* ctx,
                                     std::vector<TlsProbeRequest> requests);

}  // namespace ipfacts::facilities::connect
