// RedisRateCounters: SharedCounters in Redis. A thread of its own gathers
// the requests waiting to be counted (an event loop hands over a round's at
// once: hold/send) and sends them as one batch: one EVALSHA of a Lua script
// per kAsksPerCall requests, which for each in turn counts the caller's
// minute and day and keeps the counts only when the request is admitted —
// one atomic step in Redis, so two nodes never both take the last slot. The bot
// challenge's books live there too: a caller's "solved today" mark and each
// solution's replay record, set by the same script, so any node honours a
// solution once and every node lets its caller on. When Redis
// does not answer within the timeout, the batch is answered `unavailable`
// (served without limits) and the link is retried at most every retry
// period; counting resumes by itself when Redis is back.
#pragma once

#include "host/ratelimit/SharedCounters.h"
#include "host/store/redis/RedisLink.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace ipfacts::store {

struct RedisCountersConfig {
    std::string host = "127.0.0.1";
    int port = 6379;
    int timeout_ms = 250;         // connect and each batch's replies
    int retry_ms = 1000;          // after a failure, the next attempt no sooner
    std::string prefix = "ipf:";  // key prefix, so several deployments share a server
};

class RedisRateCounters : public ratelimit::SharedCounters {
public:
    explicit RedisRateCounters(RedisCountersConfig config);
    ~RedisRateCounters() override;

    void take(const ratelimit::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
              const ratelimit::ChallengePass* pass, Done done) override;
    void hold() override;
    void send() override;

    /// Stops the thread; requests still waiting are answered `unavailable`.
    void stop();
    /// True while the last batch failed (and until one succeeds again).
    bool down() const { return down_.load(); }

    /// The Lua script (docs/operations.md, "Where counters live"; exposed for its test).
    static const char* script();

private:
    struct Ask {
        ratelimit::CounterKey key;
        manifest::Quota quota;
        int64_t now_s;
        ratelimit::ChallengePass pass;  // signature empty: none
        Done done;
    };
    void run();
    void countBatch(std::deque<Ask>& batch);
    /// The EVALSHA calls that count `batch`: one per kAsksPerCall asks.
    std::vector<RedisLink::Command> callsOf(const std::deque<Ask>& batch) const;
    /// Appends one ask's four keys and six values.
    void addAsk(const Ask& a, RedisLink::Command& keys, RedisLink::Command& values) const;
    // Bounds one script run, so Redis is never busy with one node's batch for long.
    static constexpr size_t kAsksPerCall = 256;

    RedisCountersConfig config_;
    RedisLink link_;
    std::string sha_;  // of script(), hex
    std::mutex mu_;
    std::condition_variable wake_;
    std::deque<Ask> queue_;
    bool stopping_ = false;
    std::atomic<bool> down_{false};
    std::atomic<int64_t> retry_at_ms_{0};  // steady clock: no attempt before
    std::thread thread_;
};

}  // namespace ipfacts::store
