#include "host/store/redis/RedisRateCounters.h"

#include <openssl/evp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iterator>

namespace ipfacts::store {
namespace {

// One call counts a whole batch of asks, in order, as one atomic step in
// Redis (a script runs alone), so each decision is as exact as if it were a
// call of its own, and a batch costs Redis one command instead of one each.
// Per ask i (from 0), KEYS[4i+1..4i+4]: the caller's minute counter, its day
// counter, its "solved a bot challenge today" mark, and the replay record of
// the challenge solution sent with this request; ARGV[6i+1..6i+6]: per minute,
// per day, challenge after (0: none), the two counters' lives in seconds, and
// the solution's expiry (0: none sent). Returns four integers per ask:
// verdict (0 counted, 1 minute full, 2 day full, 3 challenge due, 4 solution
// already used), minute count, day count, and the threshold that applied (0
// for a caller that solved a challenge today). Both counters are incremented
// first and taken back when the request is refused (inside the one atomic
// script, so no other client ever sees the interim count): an admitted
// request, the common case, costs two commands, not four. Nothing is counted
// for a refused request, so a client retrying sooner stays blocked until the
// window ends, exactly as in memory.
constexpr const char* kScript = R"lua(
local function one(k, a)
  local ca = tonumber(ARGV[a + 3])
  if ARGV[a + 6] ~= '0' then
    if not redis.call('SET', KEYS[k + 4], '1', 'NX', 'EXAT', ARGV[a + 6]) then return 4, 0, 0, ca end
    redis.call('SET', KEYS[k + 3], '1', 'EX', ARGV[a + 5])
  end
  if ca > 0 and redis.call('EXISTS', KEYS[k + 3]) == 1 then ca = 0 end
  local pm, pd = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local m = redis.call('INCR', KEYS[k + 1])
  if m == 1 then redis.call('EXPIRE', KEYS[k + 1], ARGV[a + 4]) end
  local d = redis.call('INCR', KEYS[k + 2])
  if d == 1 then redis.call('EXPIRE', KEYS[k + 2], ARGV[a + 5]) end
  local v = 0
  if pm > 0 and m > pm then v = 1
  elseif pd > 0 and d > pd then v = 2
  elseif ca > 0 and d > ca then v = 3 end
  if v == 0 then return 0, m, d, ca end
  redis.call('DECR', KEYS[k + 1])
  redis.call('DECR', KEYS[k + 2])
  return v, m - 1, d - 1, ca
end
local out = {}
for i = 0, #KEYS / 4 - 1 do
  local v, m, d, ca = one(i * 4, i * 6)
  out[i * 4 + 1], out[i * 4 + 2], out[i * 4 + 3], out[i * 4 + 4] = v, m, d, ca
end
return out
)lua";

std::string hex(const unsigned char* p, size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < n; ++i) out += digits[p[i] >> 4], out += digits[p[i] & 0xf];
    return out;
}

std::string sha1Hex(const std::string& text) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text.data(), text.size(), digest, &len, EVP_sha1(), nullptr);
    return hex(digest, len);
}

ratelimit::RateDecision unavailable() {
    ratelimit::RateDecision d;
    d.unavailable = true;
    return d;
}

// Set between hold() and send() on this thread: take() queues without waking the thread.
thread_local bool t_held = false;

int64_t steadyMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

const char* RedisRateCounters::script() { return kScript; }

RedisRateCounters::RedisRateCounters(RedisCountersConfig config)
    : config_(std::move(config)), link_(config_.host, config_.port, config_.timeout_ms), sha_(sha1Hex(kScript)) {
    thread_ = std::thread([this] { run(); });
}

RedisRateCounters::~RedisRateCounters() { stop(); }

void RedisRateCounters::stop() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_) return;
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void RedisRateCounters::take(const ratelimit::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
                             const ratelimit::ChallengePass* pass, Done done) {
    if (quota.per_minute == 0 && quota.per_day == 0 && quota.challenge_after == 0) {
        ratelimit::RateDecision d;
        d.unlimited = true;
        return done(d);
    }
    // Known down and not yet time to try again: answer here, without a hop.
    if (down_.load() && steadyMs() < retry_at_ms_.load()) return done(unavailable());
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!stopping_) {
            const bool first = queue_.empty();
            queue_.push_back(Ask{key, quota, now_s, pass ? *pass : ratelimit::ChallengePass{}, std::move(done)});
            // The thread wakes for the first ask (or at send() when held); the rest join the same batch.
            if (first && !t_held) wake_.notify_one();
            return;
        }
    }
    done(unavailable());
}

void RedisRateCounters::hold() { t_held = true; }

void RedisRateCounters::send() {
    t_held = false;
    bool waiting;
    {
        std::lock_guard<std::mutex> lock(mu_);
        waiting = !queue_.empty();
    }
    if (waiting) wake_.notify_one();
}

void RedisRateCounters::run() {
    std::deque<Ask> batch;
    while (true) {
        {
            std::unique_lock<std::mutex> lock(mu_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            batch.swap(queue_);
            if (stopping_) {
                lock.unlock();
                for (auto& a : batch) a.done(unavailable());
                return;
            }
        }
        // Everything that arrived while the last batch was out goes in this one.
        countBatch(batch);
        batch.clear();
    }
}

void RedisRateCounters::addAsk(const Ask& a, RedisLink::Command& keys, RedisLink::Command& values) const {
    const std::string who = hex(a.key.bytes.data(), a.key.bytes.size());
    const int64_t minute = a.now_s / 60, day = a.now_s / 86400;
    const int64_t day_life = (day + 1) * 86400 - a.now_s + 3600;  // past the day's end: a late node still finds it
    keys.push_back(config_.prefix + "m:" + std::to_string(minute) + ":" + who);
    keys.push_back(config_.prefix + "d:" + std::to_string(day) + ":" + who);
    keys.push_back(config_.prefix + "s:" + std::to_string(day) + ":" + who);
    keys.push_back(config_.prefix + "r:" + (a.pass.signature.empty() ? std::string("-") : a.pass.signature));
    values.push_back(std::to_string(a.quota.per_minute));
    values.push_back(std::to_string(a.quota.per_day));
    values.push_back(std::to_string(a.quota.challenge_after));
    values.push_back("120");
    values.push_back(std::to_string(day_life));
    values.push_back(std::to_string(a.pass.signature.empty() ? 0 : a.pass.expires_unix));
}

std::vector<RedisLink::Command> RedisRateCounters::callsOf(const std::deque<Ask>& batch) const {
    std::vector<RedisLink::Command> calls;
    for (size_t from = 0; from < batch.size(); from += kAsksPerCall) {
        const size_t n = std::min(kAsksPerCall, batch.size() - from);
        RedisLink::Command call{"EVALSHA", sha_, std::to_string(n * 4)}, values;
        call.reserve(3 + n * 10);
        values.reserve(n * 6);
        for (size_t i = 0; i < n; ++i) addAsk(batch[from + i], call, values);
        // Every key comes before every value.
        call.insert(call.end(), std::make_move_iterator(values.begin()), std::make_move_iterator(values.end()));
        calls.push_back(std::move(call));
    }
    return calls;
}

void RedisRateCounters::countBatch(std::deque<Ask>& batch) {
    if (down_.load() && steadyMs() < retry_at_ms_.load()) {
        for (auto& a : batch) a.done(unavailable());
        return;
    }
    std::vector<RedisLink::Command> commands;
    // A new connection (first use, or Redis restarted) loads the script first.
    const bool load = !link_.connected();
    if (load) commands.push_back({"SCRIPT", "LOAD", kScript});
    for (auto& call : callsOf(batch)) commands.push_back(std::move(call));
    std::vector<RedisReply> replies;
    try {
        replies = link_.run(commands);
    } catch (const RedisDown& e) {
        if (!down_.exchange(true))
            spdlog::warn("rate counters: {}; serving without limits (X-RateLimit-Policy: unavailable)", e.what());
        retry_at_ms_.store(steadyMs() + config_.retry_ms);
        for (auto& a : batch) a.done(unavailable());
        return;
    }
    if (down_.exchange(false))
        spdlog::info("rate counters: redis {}:{} answers again; counting resumes", config_.host, config_.port);
    size_t call = load ? 1 : 0;
    for (size_t from = 0; from < batch.size(); from += kAsksPerCall, ++call) {
        const size_t n = std::min(kAsksPerCall, batch.size() - from);
        const RedisReply& r = replies[call];
        const bool whole = r.type == RedisReply::Type::Array && r.elements.size() == n * 4;
        if (!whole) {
            // NOSCRIPT (the script cache was flushed) or another refusal: load it again next time.
            spdlog::warn("rate counters: unexpected reply from redis: {}", r.text);
            link_.close();
        }
        for (size_t i = 0; i < n; ++i) {
            Ask& a = batch[from + i];
            if (!whole) {
                a.done(unavailable());
                continue;
            }
            const RedisReply* v = &r.elements[i * 4];
            const auto verdict = static_cast<ratelimit::RateVerdict>(v[0].integer);
            // Which threshold applied: 0 when the caller solved a challenge today.
            manifest::Quota quota = a.quota;
            quota.challenge_after = v[3].integer;
            a.done(ratelimit::RateLimiter::decide(quota, verdict, v[1].integer, v[2].integer, a.now_s));
        }
    }
}

}  // namespace ipfacts::store
