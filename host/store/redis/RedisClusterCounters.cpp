#include "host/store/redis/RedisClusterCounters.h"

#include "host/store/redis/RedisRateCounters.h"
#include "host/store/redis/RedisRedirect.h"

#include <openssl/evp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <iterator>

namespace ipfacts::store {
namespace {

// Asks of one slot per call at most, so Redis is never busy with one call for long.
constexpr size_t kAsksPerCall = 256;
// Redirections followed per round before its remaining asks are answered `unavailable`.
constexpr int kAttempts = 3;

std::string hex(const unsigned char* p, size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < n; ++i) out += digits[p[i] >> 4], out += digits[p[i] & 0xf];
    return out;
}

std::string sha1Hex(const char* text) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text, std::char_traits<char>::length(text), digest, &len, EVP_sha1(), nullptr);
    return hex(digest, len);
}

ratelimit::RateDecision unavailable() {
    ratelimit::RateDecision d;
    d.unavailable = true;
    return d;
}

int64_t steadyMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Set between hold() and send() on this thread: take() queues without waking the thread.
thread_local bool t_held = false;

}  // namespace

RedisClusterCounters::RedisClusterCounters(RedisClusterConfig config)
    : config_(std::move(config)), sha_(sha1Hex(RedisRateCounters::script())) {
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
    Ask a{key, quota, now_s, pass ? *pass : ratelimit::ChallengePass{}, std::move(done), {}, 0};
    a.tag = "{" + hex(key.bytes.data(), key.bytes.size()) + "}";
    a.slot = redisSlot(a.tag);
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!stopping_) {
            const bool first = queue_.empty();
            queue_.push_back(std::move(a));
            if (first && !t_held) wake_.notify_one();
            return;
        }
    }
    a.done(unavailable());
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
    Asks round;
    while (true) {
        {
            std::unique_lock<std::mutex> lock(mu_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            round.swap(queue_);
            if (stopping_) {
                lock.unlock();
                for (auto& a : round) a.done(unavailable());
                return;
            }
        }
        countRound(round);
        round.clear();
    }
}

void RedisClusterCounters::countRound(Asks& round) {
    if (refresh_due_ && steadyMs() >= refresh_at_ms_) refreshMap();
    std::vector<size_t> pending(round.size());
    for (size_t i = 0; i < pending.size(); ++i) pending[i] = i;
    asking_.clear();
    for (int n = 0; n < kAttempts && !pending.empty(); ++n) pending = attempt(round, pending);
    for (size_t i : pending) round[i].done(unavailable());
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
        spdlog::warn("rate counters: no redis cluster node answers CLUSTER SLOTS; serving without shared limits");
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
        spdlog::warn("rate counters: redis cluster master {}: {}; its callers are served as unavailable", address, why);
    m.down = true;
    m.retry_at_ms = steadyMs() + config_.retry_ms;
}

std::map<std::string, std::vector<RedisClusterCounters::Call>> RedisClusterCounters::plan(
    Asks& round, const std::vector<size_t>& pending) {
    std::map<std::string, std::map<int, Call>> by_slot;
    for (size_t i : pending) {
        const int slot = round[i].slot;
        std::string to;
        if (auto asked = asking_.find(slot); asked != asking_.end())
            to = asked->second;
        else if (const int m = map_.masterOf(slot); m >= 0)
            to = map_.masters()[static_cast<size_t>(m)].text();
        if (to.empty()) {
            round[i].done(unavailable());  // no master serves the slot (no map yet)
            continue;
        }
        Call& call = by_slot[to].try_emplace(slot, Call{slot, {}, asking_.count(slot) > 0}).first->second;
        call.asks.push_back(i);
    }
    std::map<std::string, std::vector<Call>> out;
    for (auto& [address, calls] : by_slot)
        for (auto& [slot, call] : calls) {
            // A slot's asks beyond kAsksPerCall go in further calls.
            for (size_t from = 0; from < call.asks.size(); from += kAsksPerCall) {
                const auto begin = call.asks.begin() + static_cast<std::ptrdiff_t>(from);
                const auto end =
                    call.asks.begin() + static_cast<std::ptrdiff_t>(std::min(call.asks.size(), from + kAsksPerCall));
                out[address].push_back(Call{slot, std::vector<size_t>(begin, end), call.asking});
            }
        }
    return out;
}

void RedisClusterCounters::addAsk(const Ask& a, RedisLink::Command& keys, RedisLink::Command& values) const {
    const int64_t minute = a.now_s / 60, day = a.now_s / 86400;
    const int64_t day_life = (day + 1) * 86400 - a.now_s + 3600;  // past the day's end: a late node still finds it
    const std::string head = config_.prefix + a.tag;
    keys.push_back(head + "m:" + std::to_string(minute));
    keys.push_back(head + "d:" + std::to_string(day));
    keys.push_back(head + "s:" + std::to_string(day));
    keys.push_back(head + "r:" + (a.pass.signature.empty() ? std::string("-") : a.pass.signature));
    values.push_back(std::to_string(a.quota.per_minute));
    values.push_back(std::to_string(a.quota.per_day));
    values.push_back(std::to_string(a.quota.challenge_after));
    values.push_back("120");
    values.push_back(std::to_string(day_life));
    values.push_back(std::to_string(a.pass.signature.empty() ? 0 : a.pass.expires_unix));
}

std::vector<RedisLink::Command> RedisClusterCounters::commandsOf(const Asks& round, const std::vector<Call>& calls,
                                                                 bool load) const {
    std::vector<RedisLink::Command> commands;
    if (load) commands.push_back({"SCRIPT", "LOAD", RedisRateCounters::script()});
    for (const Call& c : calls) {
        if (c.asking) commands.push_back({"ASKING"});
        RedisLink::Command call{"EVALSHA", sha_, std::to_string(c.asks.size() * 4)}, values;
        for (size_t i : c.asks) addAsk(round[i], call, values);
        // Every key comes before every value.
        call.insert(call.end(), std::make_move_iterator(values.begin()), std::make_move_iterator(values.end()));
        commands.push_back(std::move(call));
    }
    return commands;
}

std::vector<size_t> RedisClusterCounters::attempt(Asks& round, const std::vector<size_t>& pending) {
    auto plans = plan(round, pending);
    // Write every master its calls first, then read: the masters work at once.
    struct Sent {
        const std::string* address;
        Master* master;
        std::vector<Call>* calls;
        size_t commands;
        bool load;
    };
    std::vector<Sent> sent;
    const auto unavailableAll = [&](const std::vector<Call>& calls) {
        for (const Call& c : calls)
            for (size_t i : c.asks) round[i].done(unavailable());
    };
    const int64_t now = steadyMs();
    for (auto& [address, calls] : plans) {
        Master& m = master(address);
        if (m.down && now < m.retry_at_ms) {
            unavailableAll(calls);
            continue;
        }
        const bool load = !m.link->connected();
        auto commands = commandsOf(round, calls, load);
        try {
            m.link->send(commands);
            sent.push_back(Sent{&address, &m, &calls, commands.size(), load});
        } catch (const RedisDown& e) {
            markDown(address, m, e.what());
            unavailableAll(calls);
        }
    }
    std::vector<size_t> again;
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
        for (const Call& c : *s.calls) {
            if (c.asking) ++r;  // ASKING's +OK
            if (!settle(round, c, replies[r++], from)) again.insert(again.end(), c.asks.begin(), c.asks.end());
        }
    }
    return again;
}

bool RedisClusterCounters::settle(Asks& round, const Call& call, const RedisReply& reply,
                                  const RedisNodeAddress& from) {
    if (reply.type == RedisReply::Type::Array && reply.elements.size() == call.asks.size() * 4) {
        for (size_t k = 0; k < call.asks.size(); ++k) {
            Ask& a = round[call.asks[k]];
            const RedisReply* v = &reply.elements[k * 4];
            manifest::Quota quota = a.quota;
            quota.challenge_after = v[3].integer;  // 0 when the caller solved a challenge today
            a.done(ratelimit::RateLimiter::decide(quota, static_cast<ratelimit::RateVerdict>(v[0].integer),
                                                  v[1].integer, v[2].integer, a.now_s));
        }
        return true;
    }
    const std::string& error = reply.text;
    if (const auto redirect = parseRedirect(error, from)) {
        if (redirect->kind == RedisRedirect::Kind::Moved) {
            map_.move(redirect->slot, redirect->to);
            refresh_due_ = true;  // slots move in numbers (a resharding, a failover): learn them all
        } else {
            asking_[redirect->slot] = redirect->to.text();
        }
        return false;
    }
    // The script cache was flushed (or a fresh node): load it again with the next round's first call.
    if (error.rfind("NOSCRIPT", 0) == 0) {
        master(from.text()).link->close();
        return false;
    }
    if (error.rfind("TRYAGAIN", 0) == 0) return false;  // a slot's keys mid-migration: soon whole again
    // CLUSTERDOWN (a master just back, not yet in the cluster again) and anything else: not counted now.
    spdlog::debug("rate counters: redis cluster master {}: {}", from.text(), error);
    for (size_t i : call.asks) round[i].done(unavailable());
    return true;
}

}  // namespace ipfacts::store
