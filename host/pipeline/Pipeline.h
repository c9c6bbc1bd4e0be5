// Pipeline: the stages every request passes — identify, meter, route, handle,
// finish — written once for every endpoint. Transports call begin(), then
// handle() (on the loop or on a worker, as begin() says), then finish().
#pragma once

#include "host/manifest/Manifest.h"
#include "host/pipeline/AccessLog.h"
#include "host/pipeline/BotChallenge.h"
#include "host/pipeline/ClientIdentity.h"
#include "host/pipeline/CommandLineAgents.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/RequestCounters.h"
#include "host/pipeline/ResponseCache.h"
#include "host/pipeline/RouteTable.h"
#include "host/ratelimit/LocalWindowTally.h"
#include "host/ratelimit/RateLimiter.h"
#include "host/ratelimit/ServiceClock.h"
#include "host/ratelimit/SharedCounters.h"
#include "host/store/LiveKeyCache.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ipfacts::pipeline {

/// A request waiting for the shared counters' answer: whichever of the meter
/// stage and the store's callback comes second carries on.
struct PendingMeter {
    enum State { Asking, Parked, Answered };
    std::atomic<int> state{Asking};
    ratelimit::CounterKey key;
    manifest::Quota quota;                         // as asked
    std::optional<ratelimit::ChallengePass> pass;  // the solution sent, checked
    int64_t now = 0;
    ratelimit::RateDecision decision;
    bool refused = false;        // answered before asking (a refused challenge solution)
    std::function<void()> wake;  // Exchange::wake, run when the answer comes after parking
};

/// Handlers the host itself serves (the OpenAPI document), by route id.
using HostHandler = std::function<void(Exchange&)>;

class Pipeline {
public:
    enum class Next { Respond, HandleInline, HandleOnWorker, AwaitMeter };

    Pipeline(const manifest::Manifest& m, std::unique_ptr<RouteTable> routes, const store::LiveKeyCache* keys,
             std::vector<HostHandler> host_handlers, const ratelimit::ServiceClock& clock);

    /// Identify, route, meter. When it returns Respond the response is
    /// complete (preflight, 4xx, an answer from the response cache);
    /// otherwise call handle() where it says.
    Next begin(Exchange& ex);

    /// After AwaitMeter, once `ex.wake` ran: the stages after metering, on
    /// the loop again; returns what begin() would have.
    Next resume(Exchange& ex);

    /// Counts in `shared` (kept by the caller) instead of in memory: begin()
    /// may then return AwaitMeter, and the transport must set Exchange::wake.
    void setSharedCounters(ratelimit::SharedCounters* shared) { shared_ = shared; }
    /// Counts in shared counters each event loop opens for itself with
    /// `open` (openLoopCounters) and names in Exchange::counters.
    void setLoopCounters(ratelimit::OpenLoopCounters open) { open_loop_counters_ = std::move(open); }
    /// A loop's own shared counters on `seat`; null when counting is not shared per loop.
    std::unique_ptr<ratelimit::LoopCounters> openLoopCounters(const ratelimit::LoopSeat& seat) const {
        return open_loop_counters_ ? open_loop_counters_(seat) : nullptr;
    }
    /// Past a class's challenge_after, anonymous callers get `challenge`'s
    /// proof of work to solve (kept by the caller); without it a bare 429.
    void setBotChallenge(BotChallenge* challenge) { challenge_ = challenge; }
    /// Requests carrying X-Ipfacts-Self-Probe: `token` (the status prober's, sent to
    /// this node's loopback only) are served unmetered. Empty: none is.
    void setSelfProbeToken(std::string token) { self_probe_token_ = std::move(token); }
    /// Where unknown and revoked keys are counted per caller (keys.invalid_key_limit):
    /// the daemon's WindowTally, every node's with store.counters: redis. This
    /// pipeline's own memory until set.
    void setTally(std::shared_ptr<ratelimit::WindowTally> tally) { tally_ = std::move(tally); }
    bool countsShared() const { return shared_ != nullptr || open_loop_counters_ != nullptr; }
    /// Around a round of events: the round's asks to the shared counters go
    /// out together at its end (SharedCounters::hold and send).
    void holdSharedAsks() {
        if (shared_) shared_->hold();
    }
    void sendSharedAsks() {
        if (shared_) shared_->send();
    }

    /// Runs the route's handler. Any thread; never throws.
    void handle(Exchange& ex);

    /// Runs a plugin route's handler on `ex` (handle() for plugin routes; the
    /// front door for the ip handlers it answers with). False when the
    /// handler failed or deferred: `ex` then holds the 500 or is marked
    /// deferred. Any thread; never throws.
    bool callHandler(const Route& route, Exchange& ex) const;

    /// Answers `ex` from the response cache as a request to `as` with the same
    /// parameters would be (the front door's /{target} shares the entries of
    /// /api/v1/lookup/{target}); false when there is no entry. Thread-safe.
    bool answerFromCacheAs(const Route& as, Exchange& ex);

    /// callHandler(as, ex), then keeps a fresh answer in the response cache
    /// under `as`, as handle() does for a request to `as`. Thread-safe.
    bool callHandlerAndKeep(const Route& as, Exchange& ex);

    /// Adds CORS and Cache-Control, logs the request. Call once per exchange.
    void finish(Exchange& ex);

    ratelimit::RateLimiter& rateLimiter() { return limiter_; }
    /// Writes out the calling thread's buffered access-log lines.
    void flushLog() const { access_log_.flushThread(); }
    /// SIGUSR1: the access log file opened again (logrotate); empty, or why not.
    std::string reopenLog() { return access_log_.reopen(); }
    const RouteTable& routes() const { return *routes_; }
    const ResponseCache& responseCache() const { return response_cache_; }
    const CommandLineAgents& commandLineAgents() const { return cli_agents_; }
    /// What finish() counts for /metrics: route slot i is routes().routes()[i], the last slot unmatched requests.
    pipeline::RequestCounters& counters() { return counters_; }

    /// Answers a request the transport could not parse (400, 413, 431...).
    void rejectUnparsed(Exchange& ex, int status, std::string_view token, std::string_view message);

private:
    bool identify(Exchange& ex);
    bool isSelfProbe(const Exchange& ex) const;
    /// Counts a wrong key of the caller's; false (and the 429 written) when
    /// the caller had used up keys.invalid_key_limit already.
    bool countWrongKey(Exchange& ex, int64_t now);
    void refuseWrongKeys(Exchange& ex);
    bool meter(Exchange& ex);
    bool meterShared(Exchange& ex);
    bool countHere(Exchange& ex, const ratelimit::CounterKey& key, manifest::Quota quota,
                   const std::optional<ratelimit::ChallengePass>& pass, int64_t now, bool shared_away);
    bool applyDecision(Exchange& ex, const manifest::Quota& quota, const ratelimit::RateDecision& d);
    ratelimit::CounterKey counterKeyOf(const Exchange& ex) const;
    /// The caller's quota, and the challenge solution it sent when that checks
    /// out (`pass`); nullopt after answering 400 to a solution that does not.
    std::optional<manifest::Quota> quotaFor(Exchange& ex, int64_t now, std::optional<ratelimit::ChallengePass>& pass);
    void writeChallenge(Exchange& ex, const manifest::Quota& quota, int64_t now);
    Next afterMeter(Exchange& ex);
    void preflight(Exchange& ex);
    void reportUnmetered(Exchange& ex);
    void reportInvalidKey(Exchange& ex) const;
    /// `fields` and `pretty` (docs/api.md, "Query parameters") on a JSON answer.
    void shapeJson(Exchange& ex) const;

    const manifest::Manifest& manifest_;
    std::unique_ptr<RouteTable> routes_;
    const store::LiveKeyCache* keys_;       // null: no keys issued
    const ratelimit::ServiceClock& clock_;  // rate windows and challenges
    std::string self_probe_token_;          // the status prober's own requests: not counted
    std::vector<HostHandler> host_handlers_;
    ClientIdentity identity_;
    ratelimit::RateLimiter limiter_;
    ratelimit::SharedCounters* shared_ = nullptr;
    ratelimit::OpenLoopCounters open_loop_counters_;
    std::shared_ptr<ratelimit::WindowTally> tally_ = std::make_shared<ratelimit::LocalWindowTally>();
    std::vector<ratelimit::TallyLimit> wrong_key_limits_;  // keys.invalid_key_limit's minute and day
    // Set at the first wrong key counted here: until then no caller can be
    // over the limit as far as this node knows, and a keyed request skips the check.
    std::atomic<bool> wrong_keys_seen_{false};
    BotChallenge* challenge_ = nullptr;
    AccessLog access_log_;
    ResponseCache response_cache_;
    pipeline::RequestCounters counters_;
    std::string cors_lines_;
    CommandLineAgents cli_agents_;
};

/// Microseconds on a monotonic clock.
int64_t monotonicMicros();

}  // namespace ipfacts::pipeline
