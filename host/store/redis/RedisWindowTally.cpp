#include "host/store/redis/RedisWindowTally.h"

#include "host/store/ServerSecret.h"

#include <spdlog/spdlog.h>

#include <chrono>

namespace ipfacts::store {
namespace {

// KEYS: one window per limit. ARGV[1]: now (Unix seconds); ARGV[2]: this
// event's member in sliding windows; then three values per limit: its window
// (s), its limit (0: none), 1 for a sliding window. Every window is read
// first; when one is full nothing is added and the answer names it, else the
// event goes into all. Fixed windows are counters that expire a minute after
// their window ends; sliding ones sorted sets of event times.
// Answer: {counted 0/1, refusing limit (1-based, 0 if none), retry after (s), count per limit...}.
const char* const kScript = R"lua(
local now = tonumber(ARGV[1])
local counts, refused, retry = {}, 0, 0
for i = 1, #KEYS do
  local w, limit, sliding = tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), ARGV[3 * i + 2] == '1'
  local c
  if sliding then
    redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - w)
    c = redis.call('ZCARD', KEYS[i])
  else
    c = tonumber(redis.call('GET', KEYS[i]) or '0')
  end
  counts[i] = c
  if refused == 0 and limit > 0 and c >= limit then
    refused = i
    if sliding then
      local at = redis.call('ZRANGE', KEYS[i], c - limit, c - limit, 'WITHSCORES')
      retry = tonumber(at[2]) + w - now
    else
      retry = (math.floor(now / w) + 1) * w - now
    end
  end
end
if refused == 0 then
  for i = 1, #KEYS do
    local w, sliding = tonumber(ARGV[3 * i]), ARGV[3 * i + 2] == '1'
    if sliding then
      redis.call('ZADD', KEYS[i], now, ARGV[2])
      redis.call('EXPIRE', KEYS[i], w)
    else
      redis.call('INCR', KEYS[i])
      redis.call('EXPIREAT', KEYS[i], (math.floor(now / w) + 1) * w + 60)
    end
    counts[i] = counts[i] + 1
  end
end
local out = {refused == 0 and 1 or 0, refused, retry}
for i = 1, #KEYS do out[#out + 1] = counts[i] end
return out
)lua";

// Takes one off a fixed window still alive (an ended one is gone, not made negative).
const char* const kDecrementLive =
    "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0";

int64_t steadyMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

RedisWindowTally::RedisWindowTally(RedisTallyConfig config) : config_(std::move(config)) {}

std::string RedisWindowTally::keyOf(const std::string& scope, const ratelimit::TallyLimit& l, int64_t now_s) const {
    std::string key = config_.prefix + "t:{" + scope + "}:" + l.key + ":" + std::to_string(l.window_s);
    return l.sliding ? key + ":s" : key + ":" + std::to_string(now_s / l.window_s);
}

bool RedisWindowTally::down() const { return steadyMs() < retry_at_ms_.load(); }

RedisReply RedisWindowTally::run(const RedisLink::Command& cmd) {
    std::unique_ptr<RedisLink> link;
    {
        std::lock_guard<std::mutex> lock(pool_mu_);
        if (!idle_.empty()) link = std::move(idle_.back()), idle_.pop_back();
    }
    const bool reused = link != nullptr;
    if (!link) link = std::make_unique<RedisLink>(config_.host, config_.port, config_.timeout_ms);
    try {
        RedisReply r = std::move(link->run({cmd}).at(0));
        std::lock_guard<std::mutex> lock(pool_mu_);
        idle_.push_back(std::move(link));
        if (warned_.exchange(false)) spdlog::info("shared tally: redis answers again; counting there");
        return r;
    } catch (const RedisDown& e) {
        {
            // A restarted Redis closed every idle link too: none is worth a try.
            std::lock_guard<std::mutex> lock(pool_mu_);
            idle_.clear();
        }
        // A link that waited in the pool may be one such: a fresh one decides.
        if (reused) return run(cmd);
        retry_at_ms_ = steadyMs() + config_.retry_ms;
        if (!warned_.exchange(true)) spdlog::warn("shared tally: {}; counting on this node meanwhile", e.what());
        throw;
    }
}

ratelimit::TallyAnswer RedisWindowTally::fallback(const std::string& scope,
                                                  const std::vector<ratelimit::TallyLimit>& limits, int64_t now_s) {
    ratelimit::TallyAnswer a = known_.take(scope, limits, now_s);
    a.fallback = true;
    fallbacks_.fetch_add(1, std::memory_order_relaxed);
    return a;
}

ratelimit::TallyAnswer RedisWindowTally::take(const std::string& scope,
                                              const std::vector<ratelimit::TallyLimit>& limits, int64_t now_s) {
    if (down()) return fallback(scope, limits, now_s);
    RedisLink::Command cmd{"EVAL", kScript, std::to_string(limits.size())};
    for (const auto& l : limits) cmd.push_back(keyOf(scope, l, now_s));
    ratelimit::TallyAnswer a;
    a.at_s = now_s;
    a.event = std::to_string(now_s) + ":" + randomHex(8);
    cmd.push_back(std::to_string(now_s));
    cmd.push_back(a.event);
    for (const auto& l : limits) {
        cmd.push_back(std::to_string(l.window_s));
        cmd.push_back(std::to_string(l.limit));
        cmd.push_back(l.sliding ? "1" : "0");
    }
    RedisReply r;
    try {
        r = run(cmd);
    } catch (const RedisDown&) {
        return fallback(scope, limits, now_s);
    }
    if (r.type != RedisReply::Type::Array || r.elements.size() != 3 + limits.size()) {
        spdlog::error("shared tally: unexpected answer from redis ({}); counting on this node", r.text);
        return fallback(scope, limits, now_s);
    }
    a.counted = r.elements[0].integer == 1;
    a.refused_by = a.counted ? 0 : static_cast<size_t>(r.elements[1].integer - 1);
    a.retry_after_s = r.elements[2].integer;
    for (size_t i = 0; i < limits.size(); ++i) a.counts.push_back(r.elements[3 + i].integer);
    known_.learn(scope, limits, a.counts, now_s);
    return a;
}

bool RedisWindowTally::full(const std::string& scope, const std::vector<ratelimit::TallyLimit>& limits, int64_t now_s) {
    return known_.full(scope, limits, now_s);
}

void RedisWindowTally::giveBack(const std::string& scope, const std::vector<ratelimit::TallyLimit>& limits,
                                const ratelimit::TallyAnswer& taken) {
    if (!taken.counted) return;
    if (taken.fallback) return known_.giveBack(scope, limits, taken);
    try {
        for (const auto& l : limits) {
            const std::string key = keyOf(scope, l, taken.at_s);
            if (l.sliding)
                run({"ZREM", key, taken.event});
            else
                run({"EVAL", kDecrementLive, "1", key});
        }
    } catch (const RedisDown&) {
        // The event stays counted: a limit errs on the side of refusing.
    }
}

}  // namespace ipfacts::store
