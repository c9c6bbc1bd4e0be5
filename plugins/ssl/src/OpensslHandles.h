// OpensslHandles: unique_ptr owners for the OpenSSL objects the certificate
// reader and the chain diagnosis make, so every one is freed on every path.
#ifndef IPFACTS_PLUGINS_SSL_OPENSSLHANDLES_H
#define IPFACTS_PLUGINS_SSL_OPENSSLHANDLES_H

#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>
#include <string_view>

namespace ipfacts::ssl {

struct X509Free {
    void operator()(X509* x) const { X509_free(x); }
};
using X509Ptr = std::unique_ptr<X509, X509Free>;

/// An OpenSSL object and the function that frees it.
template <class T>
using Owned = std::unique_ptr<T, void (*)(T*)>;

/// The decoded extension `nid` of `cert` (X509_get_ext_d2i), owned; null
/// when the certificate has none or it does not parse. `release` is the
/// type's free function (GENERAL_NAMES_free, ...).
template <class T>
Owned<T> extension(const X509* cert, int nid, void (*release)(T*)) {
    return Owned<T>(static_cast<T*>(X509_get_ext_d2i(cert, nid, nullptr, nullptr)), release);
}

/// The certificate encoded by `der` (one DER X.509 structure, nothing after
/// it), or null when it does not parse. Thread-safe.
X509Ptr parseDer(std::string_view der);

}  // namespace ipfacts::ssl

#endif
