// RedisLink: one blocking connection to a Redis server (hiredis, with connect
// and I/O timeouts), for tests and tools that ask Redis outside an event
// loop (the counters use RedisLoopLink): every command of a batch is written
// at once and the replies read in order, so a batch costs one round trip.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct redisContext;
struct redisReply;

namespace ipfacts::store {

/// The connection failed or timed out; the link is closed and reconnects on next use.
struct RedisDown : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// One reply, the parts the counters read: an error, an integer, a string, an array.
struct RedisReply {
    enum class Type { Nil, Integer, String, Error, Array, Other } type = Type::Nil;
    int64_t integer = 0;
    std::string text;                  // String, Error
    std::vector<RedisReply> elements;  // Array
};

class RedisLink {
public:
    RedisLink(std::string host, int port, int timeout_ms);
    ~RedisLink();
    RedisLink(const RedisLink&) = delete;
    RedisLink& operator=(const RedisLink&) = delete;

    using Command = std::vector<std::string>;
    /// Sends `batch` in one write and reads its replies, in order. Connects
    /// first when not connected. Throws RedisDown (and closes) on any I/O
    /// failure or timeout; a command's own error is an Error reply.
    std::vector<RedisReply> run(const std::vector<Command>& batch);
    bool connected() const { return ctx_ != nullptr; }
    void close();

private:
    void connect();
    std::string host_;
    int port_;
    int timeout_ms_;
    redisContext* ctx_ = nullptr;
};

}  // namespace ipfacts::store
