// RedisWindowTally: WindowTally in the Redis every node shares (store.counters:
// redis), so sign-in mails, unknown keys, meters and upstream budgets hold
// their limits across nodes exactly. Each take is one EVAL of a Lua script
// that reads every window of the call, refuses when one is full and else adds
// the event to all: one atomic step. Keys are hash-tagged by the take's scope
// (`ipf:t:{<scope>}:...`), so a call stays in one slot of a cluster.
//
// These events are rare next to requests (a sign-in mail, an unknown key, a
// provider call, an upstream request), so a take is a blocking round trip on a
// link borrowed from a small pool, from whichever thread asks. When Redis does
// not answer within the timeout, the take is counted in this node's memory
// instead (TallyAnswer::fallback: at most the limit per node) and Redis is
// tried again at most every retry period; the node's memory starts from the
// shared counts it last saw.
#pragma once

#include "host/ratelimit/LocalWindowTally.h"
#include "host/store/redis/RedisLink.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ipfacts::store {

struct RedisTallyConfig {
    std::string host = "127.0.0.1";
    int port = 6379;
    int timeout_ms = 250;         // connect and each reply
    int retry_ms = 1000;          // after a failure, the next attempt no sooner
    std::string prefix = "ipf:";  // as the rate counters': several deployments share a server
};

class RedisWindowTally : public ratelimit::WindowTally {
public:
    explicit RedisWindowTally(RedisTallyConfig config);

    ratelimit::TallyAnswer take(const std::string& scope, const std::vector<ratelimit::TallyLimit>& limits,
                                int64_t now_s) override;
    bool full(const std::string& scope, const std::vector<ratelimit::TallyLimit>& limits, int64_t now_s) override;
    void giveBack(const std::string& scope, const std::vector<ratelimit::TallyLimit>& limits,
                  const ratelimit::TallyAnswer& taken) override;
    void purge(int64_t now_s) override { known_.purge(now_s); }
    uint64_t fallbacks() const override { return fallbacks_.load(std::memory_order_relaxed); }

    /// The Redis key of one limit's window at `now_s` (docs/operations.md; exposed for tests).
    std::string keyOf(const std::string& scope, const ratelimit::TallyLimit& l, int64_t now_s) const;
    /// True while Redis is being skipped after a failure.
    bool down() const;

private:
    /// Runs `cmd` on a pooled link; throws RedisDown (and notes the failure).
    RedisReply run(const RedisLink::Command& cmd);
    ratelimit::TallyAnswer fallback(const std::string& scope, const std::vector<ratelimit::TallyLimit>& limits,
                                    int64_t now_s);

    RedisTallyConfig config_;
    ratelimit::LocalWindowTally known_;  // what this node learnt from Redis; its counts while Redis is away
    std::mutex pool_mu_;
    std::vector<std::unique_ptr<RedisLink>> idle_;
    std::atomic<int64_t> retry_at_ms_{0};  // steady clock: no attempt before
    std::atomic<bool> warned_{false};      // the outage was logged
    std::atomic<uint64_t> fallbacks_{0};
};

}  // namespace ipfacts::store
