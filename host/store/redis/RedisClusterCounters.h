// RedisClusterCounters: SharedCounters on a Redis Cluster (store.redis.cluster),
// counting with the same script (RedisCounterScript) and the same rules as on
// one server. Every key of one caller carries the caller as a hash tag, so a
// caller's windows and challenge books sit in one slot and one script call
// counts them atomically. A thread of its own gathers what the event loops
// ask (each loop holds a round's asks and sends them together), groups them
// by slot and the slots by master (the slot map from CLUSTER SLOTS, asked of
// the seeds), and writes every master its calls — one EVALSHA per slot,
// pipelined — before it reads any reply, so a batch costs one round trip
// whatever the number of masters. MOVED corrects the map (and asks for a
// fresh one) and the asks go again; ASK sends them once, after ASKING, to the
// node importing the slot. A master that does not answer is left alone for
// the retry period: its callers are answered `unavailable` meanwhile (the
// pipeline then counts them on this node), the other masters' callers are
// counted as ever.
#pragma once

#include "host/ratelimit/SharedCounters.h"
#include "host/store/redis/ClusterSlotMap.h"
#include "host/store/redis/RedisCounterScript.h"
#include "host/store/redis/RedisLink.h"

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace ipfacts::store {

struct RedisClusterConfig {
    std::vector<RedisNodeAddress> seeds;  // asked for the slot map, in order
    int timeout_ms = 250;                 // connect and each round's replies
    int retry_ms = 1000;                  // a master that failed is tried again no sooner
    std::string prefix = "ipf:";
};

class RedisClusterCounters : public ratelimit::SharedCounters {
public:
    explicit RedisClusterCounters(RedisClusterConfig config);
    ~RedisClusterCounters() override;

    void take(const ratelimit::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
              const ratelimit::ChallengePass* pass, Done done) override;
    void hold() override;
    void send() override;

    /// Stops the thread; requests still waiting are answered `unavailable`.
    void stop();

    /// The hash slot of `key`'s counters: the slot of the caller's hash tag
    /// (RedisCounterScript's keys), the same for all of one caller's keys.
    static int slotOf(const ratelimit::CounterKey& key);

private:
    using Asks = std::vector<CounterAsk>;
    /// One script call: asks of one slot, sent after ASKING when the slot is
    /// being migrated (an ASK redirection this round).
    struct Call {
        int slot;
        bool asking = false;
        Asks asks;
    };
    /// One connection to a master, and when it may be tried again after a failure.
    struct Master {
        std::unique_ptr<RedisLink> link;
        bool down = false;
        int64_t retry_at_ms = 0;
    };

    void run();
    void countRound(Asks round);
    /// Sends `pending` to their masters, answers those counted or not to be
    /// counted now, and returns those to send again (redirected).
    Asks attempt(Asks pending);
    /// `pending` as calls per master, by master address.
    std::map<std::string, std::vector<Call>> plan(Asks pending);
    /// Reads one call's reply: answers its asks, or moves them to `again`.
    void settle(Call& call, const RedisReply& reply, const RedisNodeAddress& from, Asks& again);
    void refreshMap();
    Master& master(const std::string& address);
    void markDown(const std::string& address, Master& m, const std::string& why);

    RedisClusterConfig config_;
    ClusterSlotMap map_;
    bool refresh_due_ = true;                      // the map is to be asked for (first use, MOVED)
    int64_t refresh_at_ms_ = 0;                    // not before
    std::unordered_map<int, std::string> asking_;  // slot → node, this round's ASK redirections
    std::map<std::string, Master> masters_;        // by "host:port"
    std::vector<ratelimit::RateDecision> decisions_;

    std::mutex mu_;
    std::condition_variable wake_;
    Asks queue_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace ipfacts::store
