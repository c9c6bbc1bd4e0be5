#include "host/store/redis/RedisNodeAddress.h"

#include <charconv>

namespace ipfacts::store {

std::optional<RedisNodeAddress> parseNodeAddress(std::string_view text) {
    const size_t colon = text.rfind(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const std::string_view digits = text.substr(colon + 1);
    int port = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
    if (error != std::errc() || end != digits.data() + digits.size() || port < 1 || port > 65535) return std::nullopt;
    return RedisNodeAddress{std::string(text.substr(0, colon)), port};
}

}  // namespace ipfacts::store
