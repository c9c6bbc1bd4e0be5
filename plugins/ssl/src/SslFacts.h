// SslFacts: everything one TLS check found, before it is written out
// (SslResponseWriter). Time-dependent certificate fields are derived from
// `now` when written.
#ifndef IPFACTS_PLUGINS_SSL_SSLFACTS_H
#define IPFACTS_PLUGINS_SSL_SSLFACTS_H

#include "CertificateFacts.h"
#include "ChainDiagnosis.h"
#include "HostParameter.h"
#include "HostnameMatch.h"

#include <ipfacts/address.hpp>
#include <ipfacts/reasons.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::ssl {

/// The TLS 1.2 handshake that reads the chain (`probe`).
struct ProbeOutcome {
    bool certificateRead = false;
    std::optional<std::string> negotiatedVersion;  ///< "TLSv1.2"
    std::optional<std::string> cipherSuite;        ///< IANA name
    std::optional<std::string> alert;              ///< the TLS alert the server sent, as OpenSSL words it
    std::optional<std::string> error;
    int64_t elapsedMs = 0;
};

/// The second handshake, TLS 1.3 only.
struct Tls13Outcome {
    bool supported = false;
    std::optional<std::string> cipherSuite;
    std::optional<std::string> group;  ///< key-exchange group: "x25519", "X25519MLKEM768"
    std::optional<std::string> alert;
    std::optional<std::string> error;
};

/// The plain HTTPS request to "/" (`https`).
struct HttpsOutcome {
    bool reachable = false;
    std::string method = "HEAD";  ///< HEAD, or GET when HEAD was refused
    std::optional<int> status;
    std::optional<std::string> location;
    std::optional<std::string> strictTransportSecurity;
    std::optional<std::string> altSvc;
    std::optional<std::string> server;
    std::optional<std::string> error;
};

struct SslFacts {
    HostName host;
    int port = 443;
    std::vector<Address> addresses;               ///< A then AAAA, each once
    std::optional<std::string> connectedAddress;  ///< "192.0.2.1:443", "[2001:db8::1]:443"
    std::optional<CertificateFacts> certificate;  ///< the leaf of the TLS 1.2 handshake
    size_t chainLength = 0;
    std::optional<ChainDiagnosis> chain;  ///< null when no certificate arrived
    HostnameMatch hostnameMatch;
    Tls13Outcome tls13;
    HttpsOutcome https;
    ProbeOutcome probe;
    Reasons reasons;  ///< why `certificate` is null, why `addresses` is empty or partial
    /// A part failed in passing (an address lookup, a handshake or the HTTPS
    /// request timed out or could not connect): Response::transient.
    bool transient = false;
    int64_t now = 0;  ///< Unix seconds of the check: days_remaining and expiry_band are relative to it
};

}  // namespace ipfacts::ssl

#endif
