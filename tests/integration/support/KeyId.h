// KeyId: a key's opaque id as the service shows it (access log, dashboard,
// `ipfacts key list`): the first 16 hex digits of its SHA-256. Header-only.
#pragma once

#include <openssl/evp.h>

#include <string>

namespace ipfacts::testing {

inline std::string keyIdOf(const std::string& key) {
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    EVP_Digest(key.data(), key.size(), d, &n, EVP_sha256(), nullptr);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < 8; ++i) out += std::string{hex[d[i] >> 4], hex[d[i] & 15]};
    return out;
}

}  // namespace ipfacts::testing
