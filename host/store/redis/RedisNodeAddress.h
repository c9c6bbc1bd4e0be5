// RedisNodeAddress: where one Redis server listens (host and port), as a
// cluster names its nodes ("host:port", the host maybe an IPv6 address
// without brackets, or empty when the node does not know its own name).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::store {

struct RedisNodeAddress {
    std::string host;
    int port = 0;
    bool operator==(const RedisNodeAddress& o) const { return port == o.port && host == o.host; }
    std::string text() const { return host + ":" + std::to_string(port); }
};

/// "host:port" split at its last colon; nullopt when there is no colon or
/// the port is not 1..65535. The host may be empty (the caller knows which).
std::optional<RedisNodeAddress> parseNodeAddress(std::string_view text);

}  // namespace ipfacts::store
