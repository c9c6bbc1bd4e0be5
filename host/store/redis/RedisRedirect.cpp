#include "host/store/redis/RedisRedirect.h"

#include "host/store/redis/RedisSlot.h"

#include <charconv>

namespace ipfacts::store {

std::optional<RedisRedirect> parseRedirect(std::string_view error, const RedisNodeAddress& from) {
    RedisRedirect r;
    if (error.substr(0, 6) == "MOVED ")
        r.kind = RedisRedirect::Kind::Moved, error.remove_prefix(6);
    else if (error.substr(0, 4) == "ASK ")
        r.kind = RedisRedirect::Kind::Ask, error.remove_prefix(4);
    else
        return std::nullopt;
    const size_t space = error.find(' ');
    if (space == std::string_view::npos) return std::nullopt;
    const auto [end, fault] = std::from_chars(error.data(), error.data() + space, r.slot);
    if (fault != std::errc() || end != error.data() + space || r.slot < 0 || r.slot >= kRedisSlots) return std::nullopt;
    auto to = parseNodeAddress(error.substr(space + 1));
    if (!to) return std::nullopt;
    r.to = std::move(*to);
    if (r.to.host.empty()) r.to.host = from.host;
    return r;
}

}  // namespace ipfacts::store
