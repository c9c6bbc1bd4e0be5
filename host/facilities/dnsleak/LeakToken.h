// LeakToken: a DNS leak session's token, which carries its own proof. It is
// 128 random bits, the session's expiry and a MAC over both under the server
// secret (host/store/ServerSecret), in lower-case hex: 56 characters, one DNS
// label. The responder and the result endpoint tell a live session from a
// guessed or expired one without reading the store, so a flood of random names
// costs no store round trip; nodes that share the secret file share sessions.
#pragma once

#include "host/store/ServerSecret.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::facilities::dnsleak {

class LeakToken {
public:
    static constexpr size_t kRandomHex = 32;  // 128 bits
    static constexpr size_t kExpiryHex = 8;   // Unix seconds, 32 bits
    static constexpr size_t kMacHex = 16;     // 64 bits of HMAC-SHA-256
    static constexpr size_t kSize = kRandomHex + kExpiryHex + kMacHex;

    explicit LeakToken(ipfacts::store::ServerSecret secret) : secret_(std::move(secret)) {}

    /// A new token that expires at `expires_unix`. Thread-safe.
    std::string make(int64_t expires_unix) const;

    /// The expiry of `token` (any letter case) when it is one this secret made
    /// and it is still live at `now_unix`; nothing otherwise. Thread-safe.
    std::optional<int64_t> live(std::string_view token, int64_t now_unix) const;

    /// `token` in lower case when it has a token's shape, else "".
    static std::string normalised(std::string_view token);

private:
    std::string mac(std::string_view body) const;

    ipfacts::store::ServerSecret secret_;
};

}  // namespace ipfacts::facilities::dnsleak
