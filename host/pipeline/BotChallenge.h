// BotChallenge: the proof of work an address without a key solves to go on
// past its daily lookup threshold (rate class `challenge_after`), made for
// scripts, not browsers. The 429 challenge_required answer carries a token
// signed with the server secret (HMAC-SHA-256 over the caller's address
// block, an expiry and a difficulty); the caller finds a nonce such that
// SHA-256(token + nonce) starts with `difficulty` zero bits and sends
// "X-Challenge-Solution: <token> <nonce>" once. A good solution lets that
// address (block) continue to the class's daily limit for the rest of the
// UTC day; each token is accepted once (a replay record kept until the
// token's expiry). With store.counters: memory both books are this node's,
// in memory; with redis they are kept in Redis with the count (see
// RedisCounterScript), so every node honours a solution once.
#pragma once

#include "host/net/IpAddress.h"
#include "host/ratelimit/ChallengePass.h"
#include "host/ratelimit/CounterTable.h"
#include "host/store/ServerSecret.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace ipfacts::pipeline {

struct ChallengeConfig {
    unsigned difficulty = 18;   // leading zero bits of SHA-256(token + nonce)
    unsigned lifetime_s = 600;  // a token is good this long after it was issued
};

struct IssuedChallenge {
    std::string token;
    unsigned difficulty = 0;
    int64_t expires_unix = 0;
};

class BotChallenge {
public:
    /// Why a presented solution was refused; Accepted when it was not.
    enum class Verdict { Accepted, Malformed, Forged, OtherAddress, Expired, TooEasy, Unsolved, Replayed };

    BotChallenge(const store::ServerSecret& secret, ChallengeConfig config);

    /// A fresh challenge for `block` (the caller's counted address block).
    IssuedChallenge issue(const net::IpAddress& block, int64_t now_s) const;

    /// Checks the X-Challenge-Solution value `solution` ("<token> <nonce>")
    /// for `block`, recording nothing; when Accepted, `pass` is what to record.
    Verdict check(std::string_view solution, const net::IpAddress& block, int64_t now_s,
                  ratelimit::ChallengePass& pass) const;
    /// Records `pass` in this node's books: the token as used (Replayed when
    /// it was already), `caller` (the class's counter key of the block) as
    /// solved for today. Thread-safe.
    Verdict record(const ratelimit::ChallengePass& pass, const ratelimit::CounterKey& caller, int64_t now_s);
    /// check() then record().
    Verdict accept(std::string_view solution, const net::IpAddress& block, const ratelimit::CounterKey& caller,
                   int64_t now_s);

    /// True when `caller` solved a challenge this UTC day. Thread-safe.
    bool solved(const ratelimit::CounterKey& caller, int64_t now_s) const;

    /// A sentence for the 400 answer to a refused solution.
    static const char* explain(Verdict v);
    /// True when `digest` (raw bytes) starts with at least `bits` zero bits.
    static bool leadingZeroBits(std::string_view digest, unsigned bits);

private:
    std::string payloadOf(const net::IpAddress& block, int64_t expires, unsigned difficulty,
                          std::string_view salt) const;

    const store::ServerSecret& secret_;
    ChallengeConfig config_;
    mutable std::mutex mu_;
    std::unordered_map<std::string, int64_t> used_;  // token signature -> its expiry
    mutable int64_t solved_day_ = -1;
    mutable std::unordered_set<ratelimit::CounterKey, ratelimit::CounterKeyHash> solved_;  // of solved_day_
};

}  // namespace ipfacts::pipeline
