// SharedCounters: rate counters kept in a store several ipfactsd nodes share
// (store.counters: redis), so a limit holds across nodes exactly. Each
// request's count is one atomic operation in the store; the answer comes
// back asynchronously, so no event loop thread waits on the network: the
// pipeline parks the request (Pipeline::Next::AwaitMeter) and resumes it
// when `done` runs.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/ratelimit/ChallengePass.h"
#include "host/ratelimit/RateLimiter.h"

#include <cstdint>
#include <functional>

namespace ipfacts::ratelimit {

class SharedCounters {
public:
    using Done = std::function<void(const RateDecision&)>;
    virtual ~SharedCounters() = default;
    /// Counts one request of `key` under `quota` at `now_s`, as
    /// RateLimiter::take does, and calls `done` with the decision from
    /// another thread (or this one, at once, when the store is known to be
    /// down: then the decision says `unavailable` and allows). A caller that
    /// solved a bot challenge today goes on past `quota.challenge_after`;
    /// `pass`, when given, is recorded first in the same operation (refused
    /// as SolutionReplayed when its token was used already). Thread-safe.
    virtual void take(const CounterKey& key, const manifest::Quota& quota, int64_t now_s, const ChallengePass* pass,
                      Done done) = 0;
    /// From hold() until send() on the same thread, take() only queues its
    /// ask; send() sends what waits. An event loop holds over each round of
    /// events, so the round's requests reach the store as one batch at one
    /// wake-up of the counting thread, not one at a time as they are parsed.
    virtual void hold() {}
    virtual void send() {}
};

}  // namespace ipfacts::ratelimit
