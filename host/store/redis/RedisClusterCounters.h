// RedisClusterCounters: SharedCounters on a Redis Cluster (store.redis.cluster),
// counting with the same script and the same rules as RedisRateCounters on
// one server. Every key of one caller carries the caller as a hash tag, so a
// caller's windows and challenge books sit in one slot and one script call
// may touch them all. A thread of its own gathers a round's asks (hold/send
// as on one server), groups them by slot and the slots by master (the slot
// map from CLUSTER SLOTS, asked of the seeds), and writes each master its
// calls — one EVALSHA per slot of the round, pipelined — before it reads any
// reply, so a round costs one round trip whatever the number of masters.
// MOVED corrects the map (and asks for a fresh one) and the asks go again;
// ASK sends them once, after ASKING, to the node importing the slot. A
// master that does not answer is left alone for the retry period: its
// callers are answered `unavailable` meanwhile (the "Redis away" rule), the
// other masters' callers are counted as ever.
#pragma once

#include "host/ratelimit/SharedCounters.h"
#include "host/store/redis/ClusterSlotMap.h"
#include "host/store/redis/RedisLink.h"

#include <condition_variable>
#include <deque>
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

private:
    struct Ask {
        ratelimit::CounterKey key;
        manifest::Quota quota;
        int64_t now_s;
        ratelimit::ChallengePass pass;  // signature empty: none
        Done done;
        std::string tag;  // "{<caller>}": every key of the ask starts with it
        int slot = 0;
    };
    /// One master's part of a round: its calls, each the asks of one slot.
    struct Call {
        int slot;
        std::vector<size_t> asks;
        bool asking = false;  // after an ASK: sent after ASKING
    };
    /// One connection to a master, and when it may be tried again after a failure.
    struct Master {
        std::unique_ptr<RedisLink> link;
        bool down = false;
        int64_t retry_at_ms = 0;
    };
    using Asks = std::deque<Ask>;

    void run();
    void countRound(Asks& round);
    /// Sends `pending` asks to their masters, answers those that were
    /// counted or cannot be, and returns those to send again (redirected).
    std::vector<size_t> attempt(Asks& round, const std::vector<size_t>& pending);
    /// The calls per master of `pending`, by master address.
    std::map<std::string, std::vector<Call>> plan(Asks& round, const std::vector<size_t>& pending);
    /// `calls` as commands: a script load on a new connection, ASKING before an asked call.
    std::vector<RedisLink::Command> commandsOf(const Asks& round, const std::vector<Call>& calls, bool load) const;
    /// Reads one call's reply: answers its asks, or returns why they go again.
    bool settle(Asks& round, const Call& call, const RedisReply& reply, const RedisNodeAddress& from);
    void refreshMap();
    Master& master(const std::string& address);
    void markDown(const std::string& address, Master& m, const std::string& why);
    void addAsk(const Ask& a, RedisLink::Command& call, RedisLink::Command& values) const;

    RedisClusterConfig config_;
    std::string sha_;  // of the script, hex
    ClusterSlotMap map_;
    bool refresh_due_ = true;                      // the map is to be asked for (first use, MOVED)
    int64_t refresh_at_ms_ = 0;                    // not before
    std::unordered_map<int, std::string> asking_;  // slot → node, for this round's ASK redirections
    std::map<std::string, Master> masters_;        // by "host:port"

    std::mutex mu_;
    std::condition_variable wake_;
    Asks queue_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace ipfacts::store
