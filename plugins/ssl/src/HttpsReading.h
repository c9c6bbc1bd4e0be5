// HttpsReading: the plain HTTPS request that runs beside the handshake
// for status, HSTS and Alt-Svc: HEAD https://host[:port]/ through the host's http
// facility, then GET where the server refuses HEAD; redirects are reported,
// not followed.
#ifndef IPFACTS_PLUGINS_SSL_HTTPSREADING_H
#define IPFACTS_PLUGINS_SSL_HTTPSREADING_H

#include "SslFacts.h"

#include <ipfacts/plugin.hpp>

#include <string_view>

namespace ipfacts::ssl {

/// A GET body past this is dropped (only the status and headers are read).
inline constexpr int kMaxHttpsBodyBytes = 1 << 20;

/// The URL asked: "https://<ascii>/" on 443, "https://<ascii>:<port>/" otherwise.
std::string httpsUrl(std::string_view ascii, int port);

/// HEAD, then GET when HEAD answers 405 or 501; each with `timeoutMs`
/// (the facility cuts it to the request's time budget) and no redirects.
/// `error` is the facility's words (a TLS verification failure included:
/// the http facility always verifies); a GET whose body exceeded
/// kMaxHttpsBodyBytes keeps its status and headers and no error. Blocking;
/// never throws. Thread-safe.
HttpsOutcome readHttps(const Host& host, std::string_view ascii, int port, int timeoutMs);

}  // namespace ipfacts::ssl

#endif
