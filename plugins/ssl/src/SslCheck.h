// SslCheck: the check behind GET /api/v1/ssl, through the host's
// facilities: resolve A and AAAA (resolver), two handshakes at once with the
// first address the guard accepts (connect: TLS 1.2 with SNI for the chain,
// TLS 1.3 for `tls13`), then the HTTPS reading (http). Apart from the plugin
// class so a fake host can drive it.
#ifndef IPFACTS_PLUGINS_SSL_SSLCHECK_H
#define IPFACTS_PLUGINS_SSL_SSLCHECK_H

#include "SslFacts.h"
#include "SslSettings.h"

#include <ipfacts/plugin.hpp>

#include <cstddef>

namespace ipfacts::ssl {

/// At most this many addresses are tried; only a guard refusal moves on to the next.
inline constexpr size_t kMaxAddressesTried = 8;

/// The probe's `method`.
inline constexpr const char* kProbeMethod = "TLS 1.2 handshake with SNI";

/// Checks `name`. Blocking (DNS, two handshakes, one or two HTTPS
/// requests), each bounded by its settings and by what is left of the
/// request's time budget. Never throws for a failure of the server or of a
/// facility: it is data in `probe`, `tls13`, `https` and `reasons`.
/// Thread-safe.
SslFacts checkSsl(const Host& host, const SslSettings& settings, const HostName& name);

}  // namespace ipfacts::ssl

#endif
