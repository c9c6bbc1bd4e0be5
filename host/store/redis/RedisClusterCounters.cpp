#include "host/store/redis/RedisClusterCounters.h"

#include "host/store/redis/RedisRedirect.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

namespace ipfacts::store {
namespace {

// Asks per call at most, so Redis is never busy with one call for long.
constexpr size_t kAsksPerCall = 256;
// Redirections followed per batch before its remaining asks are answered `unavailable`.
constexpr int kAttempts = 3;

ratelimit::RateDecision unavailable() {
    ratelimit::RateDecision d;
    d.unavailable = true;
    return d;
}

void answerUnavailable(std::vector<CounterAsk>& asks) {
    for (auto& a : asks) a.done(unavailable());
    asks.clear();
}

int64_t steadyMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Set between hold() and send() on this thread: take() queues without waking the thread.
thread_local bool t_held = false;

}  // namespace

int RedisClusterCounters::slotOf(const ratelimit::CounterKey& key) {
    // The tag RedisCounterScript writes: the caller's kind and identity (not the rate class), in hex.
    static const char* digits = "0123456789abcdef";
    char tag[2 * sizeof key.bytes];
    size_t n = 0;
    for (size_t i = 1; i < key.bytes.size(); ++i)
        tag[n++] = digits[key.bytes[i] >> 4], tag[n++] = digits[key.bytes[i] & 0xf];
    return redisSlot(std::string_view(tag, n));
}

RedisClusterCounters::RedisClusterCounters(RedisClusterConfig config) : config_(std::move(config)) {
    thread_ = std::thread([this] { run(); });
}

RedisClusterCounters::~RedisClusterCounters() { stop(); }

void RedisClusterCounters::stop() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_) return;
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void RedisClusterCounters::take(const ratelimit::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
                                const ratelimit::ChallengePass* pass, Done done) {
    if (quota.per_minute == 0 && quota.per_day == 0 && quota.challenge_after == 0) {
        ratelimit::RateDecision d;
        d.unlimited = true;
        return done(d);
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!stopping_) {
            const bool first = queue_.empty();
            queue_.push_back(CounterAsk{key, quota, now_s, pass ? *pass : ratelimit::ChallengePass{}, std::move(done)});
            if (first && !t_held) wake_.notify_one();
            return;
        }
    }
    done(unavailable());
}

void RedisClusterCounters::hold() { t_held = true; }

void RedisClusterCounters::send() {
    t_held = false;
    bool waiting;
    {
        std::lock_guard<std::mutex> lock(mu_);
        waiting = !queue_.empty();
    }
    if (waiting) wake_.notify_one();
}

void RedisClusterCounters::run() {
    while (true) {
        Asks batch;
        {
            std::unique_lock<std::mutex> lock(mu_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            batch.swap(queue_);
            if (stopping_) {
                lock.unlock();
                answerUnavailable(batch);
                return;
            }
        }
        // Everything that arrived while the last batch was out goes in this one.
        countRound(std::move(batch));
    }
}

void RedisClusterCounters::countRound(Asks round) {
    if (refresh_due_ && steadyMs() >= refresh_at_ms_) refreshMap();
    asking_.clear();
    for (int n = 0; n < kAttempts && !round.empty(); ++n) round = attempt(std::move(round));
    answerUnavailable(round);
}

void RedisClusterCounters::refreshMap() {
    // The masters known first (the map's own), then the seeds: whichever answers first.
    std::vector<RedisNodeAddress> ask = map_.masters();
    ask.insert(ask.end(), config_.seeds.begin(), config_.seeds.end());
    for (const auto& node : ask) {
        try {
            RedisLink link(node.host, node.port, config_.timeout_ms);
            auto fresh = ClusterSlotMap::fromClusterSlots(link.run({{"CLUSTER", "SLOTS"}}).at(0), node);
            if (fresh.servedSlots() == 0) continue;
            map_ = std::move(fresh);
            refresh_due_ = false;
            spdlog::info("rate counters: redis cluster map from {}: {} masters, {} of 16384 slots served", node.text(),
                         map_.masters().size(), map_.servedSlots());
            return;
        } catch (const std::exception& e) {
            spdlog::debug("rate counters: no cluster map from {}: {}", node.text(), e.what());
        }
    }
    refresh_at_ms_ = steadyMs() + config_.retry_ms;
    if (map_.servedSlots() == 0)
        spdlog::warn("rate counters: no redis cluster node answers CLUSTER SLOTS; counting on this node");
}

RedisClusterCounters::Master& RedisClusterCounters::master(const std::string& address) {
    Master& m = masters_[address];
    if (!m.link) {
        const auto node = parseNodeAddress(address);
        m.link = std::make_unique<RedisLink>(node->host, node->port, config_.timeout_ms);
    }
    return m;
}

void RedisClusterCounters::markDown(const std::string& address, Master& m, const std::string& why) {
    if (!m.down)
        spdlog::warn("rate counters: redis cluster master {}: {}; its callers counted on this node meanwhile", address,
                     why);
    m.down = true;
    m.retry_at_ms = steadyMs() + config_.retry_ms;
}

std::map<std::string, std::vector<RedisClusterCounters::Call>> RedisClusterCounters::plan(Asks pending) {
    std::map<std::string, std::map<int, Asks>> by_slot;
    for (auto& a : pending) {
        const int slot = slotOf(a.key);
        std::string to;
        if (auto asked = asking_.find(slot); asked != asking_.end())
            to = asked->second;
        else if (const int m = map_.masterOf(slot); m >= 0)
            to = map_.masters()[static_cast<size_t>(m)].text();
        if (to.empty()) {
            a.done(unavailable());  // no master serves the slot (no map yet)
            continue;
        }
        by_slot[to][slot].push_back(std::move(a));
    }
    std::map<std::string, std::vector<Call>> out;
    for (auto& [address, slots] : by_slot)
        for (auto& [slot, asks] : slots) {
            const bool asking = asking_.count(slot) > 0;
            // A slot's asks beyond kAsksPerCall go in further calls.
            for (size_t from = 0; from < asks.size(); from += kAsksPerCall) {
                const auto begin = asks.begin() + static_cast<std::ptrdiff_t>(from);
                const auto end = asks.begin() + static_cast<std::ptrdiff_t>(std::min(asks.size(), from + kAsksPerCall));
                out[address].push_back(
                    Call{slot, asking, Asks(std::make_move_iterator(begin), std::make_move_iterator(end))});
            }
        }
    return out;
}

RedisClusterCounters::Asks RedisClusterCounters::attempt(Asks pending) {
    auto plans = plan(std::move(pending));
    // Write every master its calls first, then read: the masters work at once.
    struct Sent {
        const std::string* address;
        Master* master;
        std::vector<Call>* calls;
        size_t commands;
        bool load;
    };
    std::vector<Sent> sent;
    const auto unavailableAll = [](std::vector<Call>& calls) {
        for (Call& c : calls) answerUnavailable(c.asks);
    };
    const int64_t now = steadyMs();
    std::string wire;
    for (auto& [address, calls] : plans) {
        Master& m = master(address);
        if (m.down && now < m.retry_at_ms) {
            unavailableAll(calls);
            continue;
        }
        // A new connection (first use, or the master restarted) loads the script first.
        const bool load = !m.link->connected();
        wire.clear();
        if (load) wire += counterScriptLoad();
        size_t commands = load ? 1 : 0;
        for (const Call& c : calls) {
            if (c.asking) wire += "*1\r\n$6\r\nASKING\r\n", ++commands;
            appendCounterCall(wire, config_.prefix, c.asks.data(), c.asks.size());
            ++commands;
        }
        try {
            m.link->sendWire(wire);
            sent.push_back(Sent{&address, &m, &calls, commands, load});
        } catch (const RedisDown& e) {
            markDown(address, m, e.what());
            unavailableAll(calls);
        }
    }
    Asks again;
    for (const Sent& s : sent) {
        std::vector<RedisReply> replies;
        try {
            replies = s.master->link->receive(s.commands);
        } catch (const RedisDown& e) {
            markDown(*s.address, *s.master, e.what());
            unavailableAll(*s.calls);
            continue;
        }
        if (s.master->down) spdlog::info("rate counters: redis cluster master {} answers again", *s.address);
        s.master->down = false;
        const RedisNodeAddress from = *parseNodeAddress(*s.address);
        size_t r = s.load ? 1 : 0;
        for (Call& c : *s.calls) {
            if (c.asking) ++r;  // ASKING's +OK
            settle(c, replies[r++], from, again);
        }
    }
    return again;
}

void RedisClusterCounters::settle(Call& call, const RedisReply& reply, const RedisNodeAddress& from, Asks& again) {
    if (reply.type == RedisReply::Type::String &&
        readCounterReply(reply.text, call.asks.data(), call.asks.size(), decisions_)) {
        for (size_t i = 0; i < call.asks.size(); ++i) call.asks[i].done(decisions_[i]);
        return;
    }
    const auto goAgain = [&] { std::move(call.asks.begin(), call.asks.end(), std::back_inserter(again)); };
    const std::string& error = reply.text;
    if (const auto redirect = parseRedirect(error, from)) {
        if (redirect->kind == RedisRedirect::Kind::Moved) {
            map_.move(redirect->slot, redirect->to);
            refresh_due_ = true;  // slots move in numbers (a resharding, a failover): learn them all
        } else {
            asking_[redirect->slot] = redirect->to.text();
        }
        return goAgain();
    }
    // The script cache was flushed: the next connection loads it again.
    if (error.rfind("NOSCRIPT", 0) == 0) {
        master(from.text()).link->close();
        return goAgain();
    }
    if (error.rfind("TRYAGAIN", 0) == 0) return goAgain();  // a slot's keys mid-migration: whole again soon
    // CLUSTERDOWN (a master back, not yet in the cluster again) and anything else: not counted now.
    spdlog::debug("rate counters: redis cluster master {}: {}", from.text(), error);
    answerUnavailable(call.asks);
}

}  // namespace ipfacts::store
