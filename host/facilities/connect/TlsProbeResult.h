// TlsProbeResult: what one probe found. A failure is data: `error` says why in
// words a user can read, and whatever was learnt before it (the peer, a
// partial chain, the alert) is still reported. The C view is
// ipf_tls_probe_result (sdk plugin.h, ABI 1.4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::connect {

struct TlsProbeResult {
    std::string peer_address;  // the address connected to, as the guard judged it; empty when none
    uint16_t peer_port = 0;
    std::string version;             // "TLSv1.3"; empty when the handshake did not finish
    uint16_t version_code = 0;       // TLS wire code of `version`; 0 when none
    std::string cipher;              // IANA name, "TLS_AES_256_GCM_SHA384"
    std::string cipher_openssl;      // OpenSSL's name, "ECDHE-ECDSA-AES128-GCM-SHA256"
    std::string group;               // key-exchange group as OpenSSL names it ("x25519"); empty when it does not say
    std::vector<std::string> chain;  // DER certificates as presented, leaf first
    int verify_code = -1;            // X509_V_OK (0) when the chain verifies against the CA store; -1: no chain
    std::string verify_text;         // OpenSSL's text for verify_code ("ok", "self-signed certificate")
    std::string ocsp_response;       // DER OCSP response the server stapled; empty when none
    std::string alpn;                // the protocol the server selected; empty when none
    std::string alert_received;      // first TLS alert from the server, "protocol version"; empty: none
    std::string alert_sent;          // first TLS alert this side sent; empty: none
    int64_t elapsed_ms = 0;
    int attempts = 0;   // connect() calls made (0: nothing was attempted, e.g. the guard refused)
    std::string error;  // empty on success

    bool ok() const { return error.empty(); }
};

}  // namespace ipfacts::facilities::connect
