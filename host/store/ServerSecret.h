// ServerSecret: the deployment's own secret, 32 random bytes in the state
// directory (file `server-secret`, mode 0600), made at the first start and
// read at every later one, so what it signs or hashes stays valid across
// restarts: the keyed hash of an e-mail address (the store never holds it in
// plain), CSRF tokens, the bot challenge's HMAC. Nodes that share a store
// must share the file too (copy it to each).
#pragma once

#include <string>
#include <string_view>

namespace ipfacts::store {

class ServerSecret {
public:
    /// Reads `<state_dir>/server-secret`, creating it when absent (two
    /// processes starting at once end with the same secret). Throws
    /// std::runtime_error when it cannot, when others may read it, or when the
    /// file is not 32 bytes (a damaged secret is never silently replaced:
    /// hashes of stored data depend on it).
    static ServerSecret loadOrCreate(const std::string& state_dir);
    /// A secret of the given bytes (tests).
    explicit ServerSecret(std::string bytes) : bytes_(std::move(bytes)) {}

    /// HMAC-SHA-256 of `data` under the secret, raw 32 bytes. Thread-safe.
    std::string hmac(std::string_view data) const;
    /// The same, lower-case hex.
    std::string hmacHex(std::string_view data) const;
    /// HMAC under a key derived for `purpose` ("challenge", "email"...), so
    /// one use's outputs never stand in for another's. Lower-case hex.
    std::string hmacHex(std::string_view purpose, std::string_view data) const;

    static constexpr size_t kBytes = 32;
    static constexpr const char* kFileName = "server-secret";

private:
    std::string bytes_;
};

/// Constant-time comparison of two strings (tokens, MACs).
bool equalTokens(std::string_view a, std::string_view b);

/// `bytes` random bytes as lower-case hex (tokens, ids). Throws when no randomness.
std::string randomHex(size_t bytes);

}  // namespace ipfacts::store
