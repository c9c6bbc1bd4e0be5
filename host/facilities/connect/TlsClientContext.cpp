#include "host/facilities/connect/TlsClientContext.h"

#include <openssl/err.h>

#include <stdexcept>

namespace ipfacts::facilities::connect {
namespace {

/// Groups offered, best first, when OpenSSL knows the hybrid one (3.5 and later);
/// otherwise OpenSSL's default list stays.
constexpr const char* kGroupsWithPostQuantum = "X25519MLKEM768:X25519:P-256:X448:P-384:P-521";

}  // namespace

SslCtxPtr makeTlsClientContext(const std::string& ca_file) {
    SslCtxPtr ctx(SSL_CTX_new(TLS_client_method()));
    if (!ctx) throw std::runtime_error("connect: cannot create an OpenSSL client context");
    SSL_CTX_set_security_level(ctx.get(), 0);
    SSL_CTX_set_cipher_list(ctx.get(), "ALL:@SECLEVEL=0");
    SSL_CTX_set_min_proto_version(ctx.get(), TLS1_VERSION);
    SSL_CTX_set_max_proto_version(ctx.get(), TLS1_3_VERSION);
    SSL_CTX_set_options(ctx.get(), SSL_OP_LEGACY_SERVER_CONNECT | SSL_OP_NO_TICKET);
    SSL_CTX_set_session_cache_mode(ctx.get(), SSL_SESS_CACHE_OFF);
    SSL_CTX_set_verify(ctx.get(), SSL_VERIFY_NONE, nullptr);
    if (SSL_CTX_set1_groups_list(ctx.get(), kGroupsWithPostQuantum) != 1) ERR_clear_error();
    const bool loaded = ca_file.empty() ? SSL_CTX_set_default_verify_paths(ctx.get()) == 1
                                        : SSL_CTX_load_verify_locations(ctx.get(), ca_file.c_str(), nullptr) == 1;
    ERR_clear_error();
    if (!loaded)
        throw std::runtime_error(ca_file.empty() ? "connect: cannot load the system's CA store"
                                                 : "connect: cannot load CA file " + ca_file);
    return ctx;
}

}  // namespace ipfacts::facilities::connect
