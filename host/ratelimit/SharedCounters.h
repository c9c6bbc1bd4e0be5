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
#include "host/ratelimit/ServiceClock.h"

#include <cstdint>
#include <functional>
#include <memory>

namespace ipfacts::ratelimit {

class SharedCounters {
public:
    using Done = std::function<void(const RateDecision&)>;
    virtual ~SharedCounters() = default;
    /// Counts one request of `key` under `quota` at `now_s`, as
    /// RateLimiter::take does, and calls `done` with the decision later (or
    /// at once, when the store is known to be down: then the decision says
    /// `unavailable` and the pipeline counts on this node instead). A caller
    /// that solved a bot challenge today goes on past `quota.challenge_after`;
    /// `pass`, when given, is recorded first in the same operation (refused
    /// as SolutionReplayed when its token was used already).
    virtual void take(const CounterKey& key, const manifest::Quota& quota, int64_t now_s, const ChallengePass* pass,
                      Done done) = 0;
    /// From hold() until send() on the same thread, take() only queues its
    /// ask; send() sends what waits. An event loop holds over each round of
    /// events, so the round's requests reach the store together.
    virtual void hold() {}
    virtual void send() {}
};

/// Where one event loop's own counters live: the loop's epoll set, the tag
/// their socket's events carry there (the loop hands those to ready()), and
/// the loop's clock (reply deadlines, reconnect backoff).
struct LoopSeat {
    int epoll_fd = -1;
    uint64_t tag = 0;
    const ServiceClock* clock = nullptr;
};

/// One event loop's own connection to the shared counters, used on that
/// loop's thread only: take() always queues, send() sends the round's asks,
/// and `done` runs on the loop (in ready() or tick(), or at once in take()
/// when the store is known to be down). No thread hand-off, no wake-up.
class LoopCounters : public SharedCounters {
public:
    /// The loop saw `events` (epoll) under the seat's tag.
    virtual void ready(uint32_t events) = 0;
    /// Answers asks whose reply is overdue; call every round.
    virtual void tick() = 0;
    /// Monotonic milliseconds by which tick() must run next; 0: no deadline.
    virtual int64_t tickByMs() const = 0;
};

/// Opens one loop's LoopCounters on `seat` (store.counters: redis).
using OpenLoopCounters = std::function<std::unique_ptr<LoopCounters>(const LoopSeat& seat)>;

}  // namespace ipfacts::ratelimit
