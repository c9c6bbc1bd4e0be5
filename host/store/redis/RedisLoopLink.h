// RedisLoopLink: one connection to Redis on an event loop's own epoll set,
// through hiredis's asynchronous interface and an adapter of our own: the
// hooks hiredis calls to start and stop reading or writing only note what
// the socket should be watched for, and the epoll registration follows once
// after each burst of work, so a round whose write goes out at once costs no
// epoll_ctl. Commands go out pipelined; their replies come back, in order, to
// one handler. Connects on first use (a greeting, e.g. SCRIPT LOAD, goes
// first on each new connection); after a failure the next attempt waits a
// backoff, 100 ms doubling up to retry_ms; a reply not back within
// timeout_ms fails every command waiting and drops the connection. Knows
// nothing of what the commands mean. Used on the loop's thread only.
#pragma once

#include "host/ratelimit/SharedCounters.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <string>

struct redisAsyncContext;
struct redisReply;

namespace ipfacts::store {

struct RedisLoopLinkOptions {
    std::string host = "127.0.0.1";
    int port = 6379;
    int timeout_ms = 250;  // a reply waits no longer
    int retry_ms = 1000;   // the longest wait before the next attempt after failures
};

class RedisLoopLink {
public:
    /// Runs once per command sent, in order: with its reply, or with null when
    /// none will come (the connection failed or the reply was overdue).
    using OnReply = std::function<void(const redisReply* reply)>;

    RedisLoopLink(RedisLoopLinkOptions options, const ratelimit::LoopSeat& seat, std::string greeting,
                  OnReply on_reply);
    ~RedisLoopLink();
    RedisLoopLink(const RedisLoopLink&) = delete;
    RedisLoopLink& operator=(const RedisLoopLink&) = delete;

    /// False while the last attempt failed and the next is not yet due.
    bool mayTry() const;
    /// True from a failure until a reply comes again.
    bool down() const { return down_; }
    /// Queues `command` (Redis's wire protocol), connecting first when not
    /// connected. False when it cannot (on_reply is then not called for it).
    bool send(const std::string& command);
    /// Writes what is queued, as far as the socket takes it now.
    void flush();
    /// The loop saw `events` on the link's socket.
    void ready(uint32_t events);
    /// Fails the commands whose reply is overdue.
    void tick();
    /// Monotonic ms of the oldest reply's deadline; 0: none waits.
    int64_t tickByMs() const { return deadlines_.empty() ? 0 : deadlines_.front(); }
    /// Ends the connection (a reply made no sense): what waits fails, the next send reconnects.
    void reset(const char* why);

private:
    static void replied(redisAsyncContext* ac, void* reply, void* privdata);
    static void connected(const redisAsyncContext* ac, int status);
    static void disconnected(const redisAsyncContext* ac, int status);
    static void addRead(void* self);
    static void delRead(void* self);
    static void addWrite(void* self);
    static void delWrite(void* self);
    static void cleanup(void* self);
    bool connect();
    /// The connection is gone (hiredis frees it): fail what waits, back off.
    void lost(const char* why);
    void failWaiting();
    void watchAsWanted();
    int64_t nowMs() const;

    RedisLoopLinkOptions options_;
    ratelimit::LoopSeat seat_;
    std::string greeting_;
    OnReply on_reply_;
    redisAsyncContext* ac_ = nullptr;
    int fd_ = -1;                    // the socket in the loop's epoll set, -1: none
    uint32_t want_ = 0;              // epoll events hiredis asked for
    uint32_t watching_ = 0;          // epoll events registered now
    std::deque<int64_t> deadlines_;  // one per command waiting for its reply, in order
    bool down_ = false;
    int64_t retry_at_ms_ = 0;
    int64_t backoff_ms_ = 0;
};

}  // namespace ipfacts::store
