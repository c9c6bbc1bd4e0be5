// ServerSecret: the deployment's own secret, 32 random bytes in a file of the
// state directory (mode 0600), created at first start and read at every start
// after. It keys the HMAC-SHA-256 of what the store must not hold in plain
// (e-mail addresses) and of what the service signs (CSRF tokens, and the bot
// challenges of the rate limiter). Every node of a deployment shares the file.
#pragma once

#include <string>
#include <string_view>

namespace ipfacts::store {

class ServerSecret {
public:
    /// Reads `state_dir`/server-secret, creating it (0600, 32 random bytes) when
    /// absent. Throws std::runtime_error when it cannot, or when the file is not
    /// 32 bytes (a damaged secret is never silently replaced: hashes depend on it).
    static ServerSecret loadOrCreate(const std::string& state_dir);

    /// A secret from bytes already held (tests).
    explicit ServerSecret(std::string bytes) : bytes_(std::move(bytes)) {}

    /// HMAC-SHA-256 of `data` under the secret, lower-case hex. Thread-safe.
    std::string hmacHex(std::string_view data) const;

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
