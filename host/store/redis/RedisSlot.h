// RedisSlot: the Redis Cluster hash slot of a key, as every cluster node
// computes it: CRC16 (XMODEM: polynomial 0x1021, initial 0) of the key modulo
// 16384. When the key holds a hash tag — a "{" followed later by a "}" with
// something between them — only the text between the first "{" and the first
// "}" after it is hashed, so keys sharing a tag share a slot (the counters put
// the caller there: one caller's windows sit in one slot).
#pragma once

#include <cstdint>
#include <string_view>

namespace ipfacts::store {

/// The number of hash slots of a Redis Cluster.
constexpr int kRedisSlots = 16384;

/// CRC16/XMODEM of `data` (0x31C3 for "123456789").
uint16_t redisCrc16(std::string_view data);

/// The hash slot of `key`, 0..16383, honouring its hash tag.
int redisSlot(std::string_view key);

}  // namespace ipfacts::store
