// KeyStore: where API keys live — only as SHA-256 hashes. The identify stage
// asks it whether a presented key is live; the admin commands add and revoke.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ipfacts::store {

/// A key the store knows and has not revoked.
struct LiveKey {
    std::string id;       // opaque, stable, safe to log: first 16 hex of the hash
    std::string account;  // account id (never a plain e-mail address)
};

class KeyStore {
public:
    virtual ~KeyStore() = default;

    /// The live key whose SHA-256 (lower-case hex) is `key_hash`, if any.
    /// nullopt for unknown or revoked. Throws StoreUnavailable when the store
    /// cannot answer. Thread-safe.
    virtual std::optional<LiveKey> findLive(std::string_view key_hash) = 0;

    /// Stores a new key's hash for `account`. Thread-safe.
    virtual void add(std::string_view key_hash, std::string_view account) = 0;

    /// Revokes the key with `key_hash`; false when unknown. Thread-safe.
    virtual bool revoke(std::string_view key_hash) = 0;
};

struct StoreUnavailable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// SHA-256 of `key`, lower-case hex.
std::string sha256Hex(std::string_view key);

/// `n` bytes at `p` as lower-case hex.
std::string lowerHex(const unsigned char* p, size_t n);

/// A fresh key: "ipf_" followed by 32 characters of base32 randomness.
std::string newApiKey();

}  // namespace ipfacts::store
