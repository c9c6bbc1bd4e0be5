#include "host/store/redis/RedisRateCounters.h"

#include <hiredis/hiredis.h>
#include <netdb.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <algorithm>

namespace ipfacts::store {
namespace {

ratelimit::RateDecision unavailable() {
    ratelimit::RateDecision d;
    d.unavailable = true;
    return d;
}

/// `host` as an address, resolved once (at start): a name resolved at each
/// connect would hold the event loop while DNS answers. IPv4 first, as
/// hiredis itself tries a name.
std::string addressOf(const std::string& host) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_family = AF_INET;
    addrinfo* found = nullptr;
    if (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0 || !found) {
        hints.ai_family = AF_UNSPEC;
        found = nullptr;
    }
    if (!found && (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0 || !found)) {
        spdlog::warn("rate counters: redis host {} does not resolve now; each connect tries the name again", host);
        return host;
    }
    char text[NI_MAXHOST];
    const bool numeric =
        getnameinfo(found->ai_addr, found->ai_addrlen, text, sizeof text, nullptr, 0, NI_NUMERICHOST) == 0;
    freeaddrinfo(found);
    return numeric ? std::string(text) : host;
}

RedisLoopLinkOptions linkOptions(const RedisCountersConfig& c) {
    return RedisLoopLinkOptions{c.host, c.port, c.timeout_ms, c.retry_ms};
}

}  // namespace

RedisRateCounters::RedisRateCounters(const RedisCountersConfig& config, const ratelimit::LoopSeat& seat)
    : prefix_(config.prefix),
      link_(linkOptions(config), seat, counterScriptLoad(), [this](const redisReply* r) { replied(r); }) {}

ratelimit::OpenLoopCounters RedisRateCounters::opener(RedisCountersConfig config) {
    config.host = addressOf(config.host);
    return [config](const ratelimit::LoopSeat& seat) { return std::make_unique<RedisRateCounters>(config, seat); };
}

void RedisRateCounters::take(const ratelimit::CounterKey& key, const manifest::Quota& quota, int64_t now_s,
                             const ratelimit::ChallengePass* pass, Done done) {
    if (quota.per_minute == 0 && quota.per_day == 0 && quota.challenge_after == 0) {
        ratelimit::RateDecision d;
        d.unlimited = true;
        return done(d);
    }
    // Known down and not yet time to try again: answered here, without a round.
    if (!link_.mayTry()) return done(unavailable());
    queue_.push_back(CounterAsk{key, quota, now_s, pass ? *pass : ratelimit::ChallengePass{}, std::move(done)});
}

void RedisRateCounters::send() {
    // One send in flight at a time: what the loop parses meanwhile waits for
    // its reply and goes out with the next, so under load a call carries
    // many requests and the socket's system calls are shared among them.
    // A request waits at most one round trip more; when the link fails or
    // times out, what waits is answered (a failed link refuses the send).
    if (queue_.empty() || !waiting_.empty()) return;
    for (size_t from = 0; from < queue_.size(); from += kAsksPerCall) {
        const size_t n = std::min(kAsksPerCall, queue_.size() - from);
        wire_.clear();
        appendCounterCall(wire_, prefix_, &queue_[from], n);
        std::vector<CounterAsk> batch;
        if (n == queue_.size()) {
            batch.swap(queue_);  // the common case: the whole round in one call, nothing moved
            queue_.swap(spare_);
        } else {
            batch.assign(std::make_move_iterator(queue_.begin() + long(from)),
                         std::make_move_iterator(queue_.begin() + long(from + n)));
        }
        if (!link_.send(wire_)) {
            answerUnavailable(batch);
            continue;
        }
        waiting_.push_back(std::move(batch));
    }
    queue_.clear();
    link_.flush();
}

void RedisRateCounters::replied(const redisReply* reply) {
    std::vector<CounterAsk> batch = std::move(waiting_.front());
    waiting_.pop_front();
    if (!reply) return answerUnavailable(batch);
    const bool read = reply->type == REDIS_REPLY_STRING && readCounterReply(std::string_view(reply->str, reply->len),
                                                                            batch.data(), batch.size(), decisions_);
    if (!read) {
        // NOSCRIPT (the script cache was flushed) or another refusal: a new
        // connection loads the script again.
        spdlog::warn("rate counters: unexpected reply from redis: {}",
                     reply->type == REDIS_REPLY_ERROR ? std::string(reply->str, reply->len) : "not a count");
        answerUnavailable(batch);
        link_.reset("unexpected reply");
        return;
    }
    for (size_t i = 0; i < batch.size(); ++i) batch[i].done(decisions_[i]);
    batch.clear();
    if (batch.capacity() > spare_.capacity()) spare_.swap(batch);  // the next round's queue, already grown
}

void RedisRateCounters::answerUnavailable(std::vector<CounterAsk>& asks) {
    for (auto& a : asks) a.done(unavailable());
}

}  // namespace ipfacts::store
