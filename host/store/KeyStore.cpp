#include "host/store/KeyStore.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

namespace ipfacts::store {

std::string lowerHex(const unsigned char* p, size_t n) {
    static const char* hex = "0123456789abcdef";
    std::string out(n * 2, '\0');
    for (size_t i = 0; i < n; ++i) {
        out[2 * i] = hex[p[i] >> 4];
        out[2 * i + 1] = hex[p[i] & 0xf];
    }
    return out;
}

std::string sha256Hex(std::string_view key) {
    // Fetched once: with EVP_sha256() OpenSSL 3 looks the provider's implementation
    // up again on every call, and every keyed request hashes its key here.
    static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(key.data(), key.size(), digest, &len, md ? md : EVP_sha256(), nullptr);
    return lowerHex(digest, len);
}

std::string newApiKey() {
    static const char* alphabet = "abcdefghijklmnopqrstuvwxyz234567";
    unsigned char raw[32];
    if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("no randomness for a new key");
    std::string key = "ipf_";
    for (unsigned char b : raw) key += alphabet[b & 31];
    return key;
}

}  // namespace ipfacts::store
