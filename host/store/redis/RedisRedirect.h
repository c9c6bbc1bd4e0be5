// RedisRedirect: a cluster node's answer that a key's slot is served
// elsewhere. "MOVED <slot> <host:port>": for good, so the client corrects its
// slot map and sends there from now on. "ASK <slot> <host:port>": while the
// slot migrates, this one command goes there, preceded by ASKING, and the map
// stays as it is. An empty host means the host of the node that answered.
#pragma once

#include "host/store/redis/RedisNodeAddress.h"

#include <optional>
#include <string_view>

namespace ipfacts::store {

struct RedisRedirect {
    enum class Kind { Moved, Ask } kind = Kind::Moved;
    int slot = 0;
    RedisNodeAddress to;
};

/// The redirection in an error reply's text, nullopt when it is none (or
/// malformed). `from` is the node that answered (for an empty host).
std::optional<RedisRedirect> parseRedirect(std::string_view error, const RedisNodeAddress& from);

}  // namespace ipfacts::store
