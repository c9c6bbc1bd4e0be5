// RedisLink: one blocking connection to a Redis server (hiredis, with connect
// and I/O timeouts), for what asks Redis outside an event loop: tests, tools
// and the cluster counters' thread (RedisClusterCounters, a link per master;
// on one server the counters use RedisLoopLink). Every command of a batch is
// written at once and the replies read in order: a batch costs one round trip.
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

/// `r` as a RedisReply (hiredis's own reply, e.g. from its reader).
RedisReply toRedisReply(const redisReply& r);

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
    /// run()'s two halves, so a client of several servers writes to each
    /// before it waits for any: send() queues and writes `batch` (connecting
    /// first), receive() reads `count` replies. Both throw RedisDown as run().
    void send(const std::vector<Command>& batch);
    /// Writes commands already in Redis's wire protocol (RESP), as send().
    void sendWire(const std::string& wire);
    std::vector<RedisReply> receive(size_t count);
    bool connected() const { return ctx_ != nullptr; }
    void close();

private:
    void connect();
    void flush();  // writes what is queued, throwing RedisDown as send()
    std::string host_;
    int port_;
    int timeout_ms_;
    redisContext* ctx_ = nullptr;
};

}  // namespace ipfacts::store
