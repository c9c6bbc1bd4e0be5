#include "host/store/redis/RedisSlot.h"

#include <array>

namespace ipfacts::store {
namespace {

// The table of the polynomial 0x1021, built once at compile time.
constexpr std::array<uint16_t, 256> crcTable() {
    std::array<uint16_t, 256> table{};
    for (int byte = 0; byte < 256; ++byte) {
        uint16_t crc = static_cast<uint16_t>(byte << 8);
        for (int bit = 0; bit < 8; ++bit) crc = static_cast<uint16_t>(crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1);
        table[byte] = crc;
    }
    return table;
}

constexpr std::array<uint16_t, 256> kTable = crcTable();

/// The part of `key` that is hashed: its hash tag when it has a non-empty one.
std::string_view hashedPart(std::string_view key) {
    const size_t open = key.find('{');
    if (open == std::string_view::npos) return key;
    const size_t close = key.find('}', open + 1);
    if (close == std::string_view::npos || close == open + 1) return key;
    return key.substr(open + 1, close - open - 1);
}

}  // namespace

uint16_t redisCrc16(std::string_view data) {
    uint16_t crc = 0;
    for (unsigned char c : data) crc = static_cast<uint16_t>((crc << 8) ^ kTable[((crc >> 8) ^ c) & 0xff]);
    return crc;
}

int redisSlot(std::string_view key) { return redisCrc16(hashedPart(key)) % kRedisSlots; }

}  // namespace ipfacts::store
