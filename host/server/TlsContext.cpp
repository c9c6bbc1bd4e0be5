#include "host/server/TlsContext.h"

#include <openssl/err.h>

#include <stdexcept>

namespace ipfacts::server {
namespace {
std::string lastSslError() {
    char buf[256];
    ERR_error_string_n(ERR_get_error(), buf, sizeof buf);
    return buf;
}
}  // namespace

TlsContextPtr makeServerTlsContext(const std::string& certificate_chain, const std::string& private_key) {
    TlsContextPtr ctx(SSL_CTX_new(TLS_server_method()));
    if (!ctx) throw std::runtime_error("TLS: cannot create a context: " + lastSslError());
    SSL_CTX_set_min_proto_version(ctx.get(), TLS1_2_VERSION);
    SSL_CTX_set_options(ctx.get(), SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
    if (SSL_CTX_use_certificate_chain_file(ctx.get(), certificate_chain.c_str()) != 1)
        throw std::runtime_error("TLS: cannot use certificate " + certificate_chain + ": " + lastSslError());
    if (SSL_CTX_use_PrivateKey_file(ctx.get(), private_key.c_str(), SSL_FILETYPE_PEM) != 1)
        throw std::runtime_error("TLS: cannot use key " + private_key + ": " + lastSslError());
    if (SSL_CTX_check_private_key(ctx.get()) != 1)
        throw std::runtime_error("TLS: key " + private_key + " does not match " + certificate_chain);
    return ctx;
}

}  // namespace ipfacts::server
