// SslResponseWriter: the SslResponse body of GET /api/v1/ssl (the core fields
// and this family's additions), in the shape openapi.json documents.
#ifndef IPFACTS_PLUGINS_SSL_SSLRESPONSEWRITER_H
#define IPFACTS_PLUGINS_SSL_SSLRESPONSEWRITER_H

#include "SslFacts.h"

#include <ipfacts/stamp.hpp>

#include <string>

namespace ipfacts::ssl {

/// Writes {host, ascii_host, port, addresses, connected_address,
/// certificate, chain_length, chain, hostname_match, tls13, https, probe,
/// [reasons], checked_at, source}; days_remaining, expiry_band and
/// lifetime_policy relative to facts.now. Thread-safe.
std::string writeSslResponse(const SslFacts& facts, const ResponseStamp& stamp);

}  // namespace ipfacts::ssl

#endif
