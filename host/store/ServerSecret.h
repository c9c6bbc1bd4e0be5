// ServerSecret: the service's own secret, 32 random bytes in the state
// directory (file `server-secret`, mode 0600), made at the first start and
// read at every later one, so what it signs or hashes stays valid across
// restarts: the bot challenge's HMAC, the keyed hash of an e-mail address.
// Nodes that share a store must share the file too (copy it to each).
#pragma once

#include <string>
#include <string_view>

namespace ipfacts::store {

class ServerSecret {
public:
    /// Reads `<state_dir>/server-secret`, creating it when absent (two
    /// processes starting at once end with the same secret). Throws
    /// std::runtime_error when it cannot, or when the file is not 32 bytes.
    static ServerSecret loadOrCreate(const std::string& state_dir);
    /// A secret of the given bytes (tests).
    explicit ServerSecret(std::string bytes) : bytes_(std::move(bytes)) {}

    /// HMAC-SHA-256 of `data` under the secret, raw 32 bytes.
    std::string hmac(std::string_view data) const;
    /// The same, lower-case hex.
    std::string hmacHex(std::string_view data) const;
    /// HMAC under a key derived for `purpose` ("challenge", "email"...), so
    /// one use's outputs never stand in for another's. Lower-case hex.
    std::string hmacHex(std::string_view purpose, std::string_view data) const;

private:
    std::string bytes_;
};

}  // namespace ipfacts::store
