// CertificateReader: the facts of one certificate from its DER bytes, with
// OpenSSL's X.509 parser. Pure: no I/O, no clock, no shared state.
#ifndef IPFACTS_PLUGINS_SSL_CERTIFICATEREADER_H
#define IPFACTS_PLUGINS_SSL_CERTIFICATEREADER_H

#include "CertificateFacts.h"

#include <openssl/x509.h>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ssl {

/// Reads every field of CertificateFacts from `der`; nullopt when the bytes
/// are not one DER certificate. Extensions that do not parse are read as
/// absent. Thread-safe.
std::optional<CertificateFacts> readCertificate(std::string_view der);

/// The same, from a parsed certificate.
CertificateFacts readCertificate(X509* cert);

/// `name` as an RFC 4514 string (most specific RDN first, UTF-8 kept). Thread-safe.
std::string rfc4514(const X509_NAME* name);

/// The SHA-256 fingerprint of `cert` as upper-case hex bytes joined by ':'. Thread-safe.
std::string sha256Fingerprint(X509* cert);

}  // namespace ipfacts::ssl

#endif
