// TlsClientContext: the one OpenSSL client context every probe's handshake
// is made from. Built once at start and never changed after, so SSL objects
// may be made from it on any number of threads at once.
//
// A probe observes a server, it sends no secrets: the context lets the
// handshake reach whatever the server offers (OpenSSL security level 0, every
// cipher, TLS 1.0 to 1.3 as each probe chooses, legacy renegotiation servers)
// and never lets certificate verification stop it (SSL_VERIFY_NONE); the
// verification outcome against the CA store is read afterwards and reported.
#pragma once

#include <openssl/ssl.h>

#include <memory>
#include <string>

namespace ipfacts::facilities::connect {

struct SslCtxFree {
    void operator()(SSL_CTX* c) const { SSL_CTX_free(c); }
};
using SslCtxPtr = std::unique_ptr<SSL_CTX, SslCtxFree>;

/// `ca_file`: the PEM bundle verification trusts; empty: the system's store.
/// Offers hybrid post-quantum key exchange (X25519MLKEM768) first when the
/// OpenSSL in use knows it. Throws std::runtime_error (naming ca_file when
/// that is what failed).
SslCtxPtr makeTlsClientContext(const std::string& ca_file);

}  // namespace ipfacts::facilities::connect
