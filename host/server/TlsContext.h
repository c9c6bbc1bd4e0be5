// TlsContext: the OpenSSL server context of the optional TLS listener, built
// from the certificate and key the manifest names. TLS 1.2 and 1.3 only.
#pragma once

#include <openssl/ssl.h>

#include <memory>
#include <string>

namespace ipfacts::server {

struct SslCtxFree {
    void operator()(SSL_CTX* c) const { SSL_CTX_free(c); }
};
using TlsContextPtr = std::unique_ptr<SSL_CTX, SslCtxFree>;

/// Throws std::runtime_error naming the file that could not be used.
TlsContextPtr makeServerTlsContext(const std::string& certificate_chain, const std::string& private_key);

}  // namespace ipfacts::server
