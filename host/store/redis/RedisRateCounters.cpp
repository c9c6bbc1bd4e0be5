#include "host/store/redis/RedisRateCounters.h"

#include <openssl/evp.h>
#include <spdlog/spdlog.h>

namespace ipfacts::store {
namespace {

// KEYS: the caller's minute counter, its day counter, its "solved a bot
// challenge today" mark, and the replay record of the challenge solution sent
// with this request. ARGV: per minute, per day, challenge after (0: none),
// the two counters' lives in seconds, and the solution's expiry (0: none
// sent). Returns {verdict, minute count, day count, threshold}: verdict 0
// counted, 1 minute full, 2 day full, 3 challenge due, 4 solution already
// used; the threshold is 0 for a caller that solved a challenge today.
// Nothing is counted for a refused request, so a client retrying sooner
// stays blocked until the window ends, exactly as in memory.
constexpr const char* kScript = R"lua(
local ca = tonumber(ARGV[3])
if ARGV[6] ~= '0' then
  if not redis.call('SET', KEYS[4], '1', 'NX', 'EXAT', ARGV[6]) then return {4, 0, 0, ca} end
  redis.call('SET', KEYS[3], '1', 'EX', ARGV[5])
end
if ca > 0 and redis.call('EXISTS', KEYS[3]) == 1 then ca = 0 end
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
local pm, pd = tonumber(ARGV[1]), tonumber(ARGV[2])
if pm > 0 and m >= pm then return {1, m, d, ca} end
if pd > 0 and d >= pd then return {2, m, d, ca} end
if ca > 0 and d >= ca then return {3, m, d, ca} end
m = redis.call('INCR', KEYS[1])
if m == 1 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
d = redis.call('INCR', KEYS[2])
if d == 1 then redis.call('EXPIRE', KEYS[2], ARGV[5]) end
return {0, m, d, ca}
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

pipeline::RateDecision unavailable() {
    pipeline::RateDecision d;
    d.unavailable = true;
    return d;
}

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

void RedisRateCounters::take(const pipeline::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
                             const pipeline::ChallengePass* pass, Done done) {
    if (quota.per_minute == 0 && quota.per_day == 0 && quota.challenge_after == 0) {
        pipeline::RateDecision d;
        d.unlimited = true;
        return done(d);
    }
    // Known down and not yet time to try again: answer here, without a hop.
    if (down_.load() && steadyMs() < retry_at_ms_.load()) return done(unavailable());
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!stopping_) {
            const bool first = queue_.empty();
            queue_.push_back(Ask{key, quota, now_s, pass ? *pass : pipeline::ChallengePass{}, std::move(done)});
            // The thread wakes for the first ask; the rest join the same batch.
            if (first) wake_.notify_one();
            return;
        }
    }
    done(unavailable());
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

RedisLink::Command RedisRateCounters::commandOf(const Ask& a) const {
    const std::string who = hex(a.key.bytes.data(), a.key.bytes.size());
    const int64_t minute = a.now_s / 60, day = a.now_s / 86400;
    const int64_t day_life = (day + 1) * 86400 - a.now_s + 3600;  // past the day's end: a late node still finds it
    return {"EVALSHA",
            sha_,
            "4",
            config_.prefix + "m:" + std::to_string(minute) + ":" + who,
            config_.prefix + "d:" + std::to_string(day) + ":" + who,
            config_.prefix + "s:" + std::to_string(day) + ":" + who,
            config_.prefix + "r:" + (a.pass.signature.empty() ? std::string("-") : a.pass.signature),
            std::to_string(a.quota.per_minute),
            std::to_string(a.quota.per_day),
            std::to_string(a.quota.challenge_after),
            "120",
            std::to_string(day_life),
            std::to_string(a.pass.signature.empty() ? 0 : a.pass.expires_unix)};
}

void RedisRateCounters::countBatch(std::deque<Ask>& batch) {
    if (down_.load() && steadyMs() < retry_at_ms_.load()) {
        for (auto& a : batch) a.done(unavailable());
        return;
    }
    std::vector<RedisLink::Command> commands;
    commands.reserve(batch.size() + 1);
    // A new connection (first use, or Redis restarted) loads the script first.
    const bool load = !link_.connected();
    if (load) commands.push_back({"SCRIPT", "LOAD", kScript});
    for (const auto& a : batch) commands.push_back(commandOf(a));
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
    size_t i = load ? 1 : 0;
    for (auto& a : batch) {
        const RedisReply& r = replies[i++];
        if (r.type != RedisReply::Type::Array || r.elements.size() < 3) {
            // NOSCRIPT (the script cache was flushed) or another refusal: load it again next time.
            spdlog::warn("rate counters: unexpected reply from redis: {}", r.text);
            link_.close();
            a.done(unavailable());
            continue;
        }
        const auto verdict = static_cast<pipeline::RateVerdict>(r.elements[0].integer);
        // Which threshold applied: 0 when the caller solved a challenge today.
        manifest::Quota quota = a.quota;
        if (r.elements.size() == 4) quota.challenge_after = r.elements[3].integer;
        a.done(pipeline::RateLimiter::decide(quota, verdict, r.elements[1].integer, r.elements[2].integer, a.now_s));
    }
}

}  // namespace ipfacts::store
