// RedisRateCounters: SharedCounters in Redis, one per event loop, on that
// loop's own connection (RedisLoopLink, on the loop's epoll set). A round's
// asks are queued as the loop parses its requests and go out together at the
// round's end: one EVALSHA of the counting script (RedisCounterScript) per
// kAsksPerCall asks, pipelined in one write. The replies come back on the
// loop, which resumes the parked requests: no thread of its own, no hand-off,
// no wake-up. The script counts each ask's minute and day and keeps them only
// when the request is admitted — one atomic step in Redis, so two nodes never
// both take the last slot. The bot challenge's books live there too (a
// caller's "solved today" mark, each solution's replay record). When Redis
// does not answer (refused, closed, no reply within the timeout), the asks
// are answered `unavailable` and the pipeline counts them on this node
// meanwhile; the link tries again after a backoff, and shared counting
// resumes by itself when Redis is back.
#pragma once

#include "host/ratelimit/SharedCounters.h"
#include "host/store/redis/RedisCounterScript.h"
#include "host/store/redis/RedisLoopLink.h"

#include <deque>
#include <string>
#include <vector>

namespace ipfacts::store {

struct RedisCountersConfig {
    std::string host = "127.0.0.1";
    int port = 6379;
    int timeout_ms = 250;         // a request waits no longer for its count
    int retry_ms = 1000;          // after failures, the longest wait before the next attempt
    std::string prefix = "ipf:";  // key prefix, so several deployments share a server
};

class RedisRateCounters : public ratelimit::LoopCounters {
public:
    RedisRateCounters(const RedisCountersConfig& config, const ratelimit::LoopSeat& seat);

    /// What the pipeline calls to give each event loop its own.
    static ratelimit::OpenLoopCounters opener(RedisCountersConfig config);

    void take(const ratelimit::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
              const ratelimit::ChallengePass* pass, Done done) override;
    void send() override;
    void ready(uint32_t events) override { link_.ready(events); }
    void tick() override { link_.tick(); }
    int64_t tickByMs() const override { return link_.tickByMs(); }

    /// True from a failure until Redis answers again.
    bool down() const { return link_.down(); }

private:
    void replied(const redisReply* reply);
    static void answerUnavailable(std::vector<CounterAsk>& asks);
    // Bounds one script run, so Redis is never busy with one node's batch for long.
    static constexpr size_t kAsksPerCall = 256;

    std::string prefix_;
    std::vector<CounterAsk> queue_;                // this round's asks
    std::vector<CounterAsk> spare_;                // an answered batch's storage, for the next queue
    std::deque<std::vector<CounterAsk>> waiting_;  // one batch per call sent, in order
    std::string wire_;                             // the call being written, reused
    std::vector<ratelimit::RateDecision> decisions_;
    RedisLoopLink link_;  // last: gone first, while what it calls back still is
};

}  // namespace ipfacts::store
