#include "host/pipeline/Pipeline.h"

#include "host/cache/MemoryCache.h"
#include "host/pipeline/ErrorEnvelope.h"
#include "host/pipeline/HttpText.h"
#include "host/pipeline/JsonShape.h"
#include "host/pipeline/QueryCheck.h"
#include "host/pipeline/QuotaHeaders.h"
#include "host/store/ServerSecret.h"

#include <spdlog/spdlog.h>
#include <ipfacts/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <utility>

namespace ipfacts::pipeline {
namespace {

// Every response header a browser client may read beyond the safelisted ones.
constexpr std::string_view kExposed =
    "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Policy, RateLimit-Policy, RateLimit, "
    "Retry-After, X-Null-Reason, Age, X-Cache";

// Every request header the API reads from a browser: the key, a bot challenge's
// solution, and a POST's body type. (X-Forwarded-For counts only from trusted
// proxies, never from a browser.)
constexpr std::string_view kAllowedRequestHeaders = "Authorization, Content-Type, X-Challenge-Solution";

// The policy the wrong-key throttle answers under (401 and its 429).
constexpr std::string_view kInvalidKeyPolicy = "invalid_key";

/// The WindowTally scope of a caller's wrong keys: one per caller block.
std::string wrongKeyScope(const Exchange& ex) { return "badkey:" + ex.caller_block.toString(); }

// This node's own mark of a caller that sent it a wrong key today, in the
// rate counters' tables (no allocation): the tally can only know a caller
// full that this node counted, so a keyed request of anyone else skips the
// tally's look-up, which builds its scope and names as strings.
constexpr size_t kWrongKeyMark = 255;
constexpr manifest::Quota kMarkedToday{0, 1, 0};
ratelimit::CounterKey wrongKeyMark(const Exchange& ex) {
    return ratelimit::RateLimiter::addressKey(kWrongKeyMark, ex.caller_block.bytes(), ex.caller_block.size());
}

// Bytes of the header lines the host writes on a usual answer (quota with
// RateLimit-Policy and RateLimit, Cache-Control, CORS: about 540 with a
// plugin's Vary), reserved at once: 512 made every metered answer grow the
// string once more (malloc, copy, free).
constexpr size_t kHostHeaderBytes = 768;

// Memory the response cache may hold (keys, answers, bookkeeping).
constexpr size_t kResponseCacheBytes = size_t(32) << 20;

}  // namespace

int64_t monotonicMicros() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

namespace {
const net::IpAddress kIpv6Loopback = *net::IpAddress::parse("::1");
}  // namespace

Pipeline::Pipeline(const manifest::Manifest& m, std::unique_ptr<RouteTable> routes, const store::LiveKeyCache* keys,
                   std::vector<HostHandler> host_handlers, const ratelimit::ServiceClock& clock)
    : manifest_(m),
      routes_(std::move(routes)),
      keys_(keys),
      clock_(clock),
      host_handlers_(std::move(host_handlers)),
      identity_(m.trusted_proxies),
      limiter_(true),  // its day counts are written behind (CounterWriteBehind)
      access_log_(m.access_log == "-" || m.access_log == "off" ? m.access_log
                                                               : manifest::resolvePath(m.state_dir, m.access_log),
                  m.access_log_json ? AccessLog::Format::Json : AccessLog::Format::Text),
      response_cache_(std::make_shared<cache::MemoryCache>(kResponseCacheBytes)),
      counters_(routes_->routes().size() + 1),
      cli_agents_(m.cli_user_agents) {
    wrong_key_limits_ = {{"n", 60, m.invalid_key_limit.per_minute, false},
                         {"n", 86400, m.invalid_key_limit.per_day, false}};
    cors_lines_ = "Access-Control-Allow-Origin: *\r\nAccess-Control-Expose-Headers: " + std::string(kExposed) + "\r\n";
}

Pipeline::Next Pipeline::begin(Exchange& ex) {
    ex.started_us = monotonicMicros();
    // Known before any check, so that no answer to HEAD carries a body, whatever its status.
    ex.head = ex.request.method == "HEAD";
    const auto& target = ex.request.target;
    size_t q = target.find('?');
    std::string_view raw_path = target.substr(0, q);
    ex.raw_query = q == std::string_view::npos ? std::string_view() : target.substr(q + 1);

    if (raw_path.empty() || raw_path[0] != '/') {
        writeError(ex.response, 400, "bad_request", "the request target must be an absolute path");
        return Next::Respond;
    }
    auto decoded = percentDecode(raw_path, false);
    if (!decoded) {
        writeError(ex.response, 400, "bad_request", "the request path has a malformed percent-escape");
        return Next::Respond;
    }
    ex.path = std::move(*decoded);

    RouteMatch m = routes_->match(raw_path);
    ex.route = m.route;
    ex.path_params = std::move(m.params);
    // The address is known even for errors, so the access log names it.
    ex.client = identity_.clientOf(ex.request);
    ex.client_address = ex.client.toString();
    ex.caller_block = ex.client.callerBlock(manifest_.caller_ipv6_prefix);
    ex.service_host = &manifest_.service_host;

    if (!ex.route) {
        const std::string near = m.address_miss
                                     ? " (" + m.address_miss->spec.path + " takes an IPv4 or IPv6 address" +
                                           (m.address_miss->target_params.empty() ? ")" : " or a public host name)")
                                     : std::string();
        writeError(ex.response, 404, "not_found", "no endpoint at " + ex.path + near + "; see /api/openapi.json");
        return Next::Respond;
    }
    const auto& method = ex.request.method;
    if (method == "OPTIONS") {
        preflight(ex);
        return Next::Respond;
    }
    if (method != "GET" && method != "HEAD" && !(method == "POST" && ex.route->accepts_post)) {
        const char* allowed = ex.route->accepts_post ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS";
        ex.response.addHeader("Allow", allowed);
        writeError(ex.response, 405, "method_not_allowed",
                   std::string(method) + " is not allowed here; use " + allowed);
        return Next::Respond;
    }
    if (!identify(ex)) return Next::Respond;
    if (!ex.raw_query.empty() && hasKeyParam(ex.raw_query)) {
        // From here on nothing reads the key: plugins see the query without it.
        ex.safe_target = removeKeyParam(ex.request.target);
        size_t q = ex.safe_target->find('?');
        ex.raw_query = q == std::string::npos ? std::string_view() : std::string_view(*ex.safe_target).substr(q + 1);
    }
    ex.bad_path_param = m.bad_param;
    if (isSelfProbe(ex)) {
        reportUnmetered(ex);
        return afterMeter(ex);
    }
    if (countsShared() && ex.route->rate_class->metered) {
        if (meterShared(ex)) return Next::AwaitMeter;
        // Answered at once (the store is known to be down, or a refused solution): carry on here.
        return resume(ex);
    }
    if (!meter(ex)) return Next::Respond;
    return afterMeter(ex);
}

bool Pipeline::isSelfProbe(const Exchange& ex) const {
    // The prober talks to this node over loopback: any other peer is no probe,
    // and its request costs no header scan here.
    const net::IpAddress& peer = ex.request.peer;
    const bool loopback = peer.isV4() ? peer.bytes()[0] == 127 : peer == kIpv6Loopback;
    if (self_probe_token_.empty() || !loopback) return false;
    for (const auto& h : ex.request.headers)
        if (iequals(h.name, "x-ipfacts-self-probe")) return store::equalTokens(h.value, self_probe_token_);
    return false;
}

Pipeline::Next Pipeline::resume(Exchange& ex) {
    const PendingMeter& p = *ex.pending_meter;
    if (p.refused) return Next::Respond;
    // The shared counters are away: this node counts meanwhile, so a caller
    // gets at most its limit per node, never unlimited.
    const bool admitted = p.decision.unavailable ? countHere(ex, p.key, p.quota, p.pass, p.now, true)
                                                 : applyDecision(ex, p.quota, p.decision);
    return admitted ? afterMeter(ex) : Next::Respond;
}

Pipeline::Next Pipeline::afterMeter(Exchange& ex) {
    if (!ex.raw_query.empty()) {
        auto query = parseQuery(ex.raw_query);
        if (!query) {
            writeError(ex.response, 400, "invalid_parameter", "the query string has a malformed percent-escape");
            return Next::Respond;
        }
        ex.query = std::move(*query);
        ex.query_parsed = true;
    }
    if (auto problem = checkQuery(ex)) {
        writeError(ex.response, 400, problem->token, problem->message);
        return Next::Respond;
    }
    if (ex.bad_path_param) {
        writeError(ex.response, 400, "invalid_parameter", "a path parameter has a malformed percent-escape");
        return Next::Respond;
    }
    // After metering: an answer from memory still counts against the caller's quota.
    if (response_cache_.answer(ex)) return Next::Respond;
    return ex.route->nonblocking ? Next::HandleInline : Next::HandleOnWorker;
}

bool Pipeline::identify(Exchange& ex) {
    auto key = ClientIdentity::presentedKey(ex.request, ex.raw_query);
    if (!key) return true;
    // Wrong keys are counted per caller; past the limit the answer is 429
    // without a look-up, so guessing keys costs the service nothing.
    const int64_t now = clock_.now();
    if (wrong_keys_seen_.load(std::memory_order_relaxed) && limiter_.exhausted(wrongKeyMark(ex), kMarkedToday, now) &&
        tally_->full(wrongKeyScope(ex), wrong_key_limits_, now)) {
        refuseWrongKeys(ex);
        return false;
    }
    if (!keys_) {
        if (!countWrongKey(ex, now)) return false;
        reportInvalidKey(ex);
        writeError(ex.response, 401, "invalid_key",
                   "this deployment issues no API keys; see " + manifest_.key_docs_url);
        return false;
    }
    // The cache never loaded (the store did not answer at start): keys cannot
    // be told apart, so the caller is served as anonymous rather than failed.
    if (!keys_->loaded()) return true;
    // From memory (host/store/LiveKeyCache): the event loop never waits on the database.
    auto live = keys_->findKey(*key);
    if (!live) {
        if (!countWrongKey(ex, now)) return false;
        reportInvalidKey(ex);
        writeError(ex.response, 401, "invalid_key", "the API key is unknown or revoked; see " + manifest_.key_docs_url);
        return false;
    }
    live->countRequest();
    ex.key_id = live->id;
    ex.keyed = true;
    return true;
}

bool Pipeline::countWrongKey(Exchange& ex, int64_t now) {
    wrong_keys_seen_.store(true, std::memory_order_relaxed);
    limiter_.count(wrongKeyMark(ex), now);
    // Checked and counted in one step, in the store every node shares when
    // there is one: a wrong key is rare, so its round trip is worth the
    // exact count (the check above answers from memory).
    if (tally_->take(wrongKeyScope(ex), wrong_key_limits_, now).counted) return true;
    refuseWrongKeys(ex);
    return false;
}

void Pipeline::refuseWrongKeys(Exchange& ex) {
    counters_.local().refusal(pipeline::Refusal::RateLimited);
    reportInvalidKey(ex);
    ex.response.addHeader("Retry-After", "60");
    writeError(ex.response, 429, "rate_limited",
               "too many unknown or revoked API keys from this address; retry after 60 seconds; see " +
                   manifest_.key_docs_url);
}

ratelimit::CounterKey Pipeline::counterKeyOf(const Exchange& ex) const {
    return ex.keyed ? ratelimit::RateLimiter::identityKey(ex.route->rate_class_index, ex.key_id)
                    : ratelimit::RateLimiter::addressKey(ex.route->rate_class_index, ex.caller_block.bytes(),
                                                         ex.caller_block.size());
}

bool Pipeline::meter(Exchange& ex) {
    // The quota lines come first, Cache-Control and CORS after: room for all
    // of them now, not four reallocations of the string as they arrive.
    ex.response.headers.reserve(ex.response.headers.size() + kHostHeaderBytes);
    if (!ex.route->rate_class->metered) {
        reportUnmetered(ex);
        return true;
    }
    const int64_t now = clock_.now();
    const ratelimit::CounterKey key = counterKeyOf(ex);
    std::optional<ratelimit::ChallengePass> pass;
    auto quota = quotaFor(ex, now, pass);
    if (!quota) return false;
    return countHere(ex, key, *quota, pass, now, false);
}

/// Counts in this node's memory: always with store.counters: memory, and
/// while the shared counters are away (`shared_away`: the answer then says
/// X-RateLimit-Policy: unavailable).
bool Pipeline::countHere(Exchange& ex, const ratelimit::CounterKey& key, manifest::Quota quota,
                         const std::optional<ratelimit::ChallengePass>& pass, int64_t now, bool shared_away) {
    if (pass) {
        // In memory: this node's books record the solution.
        const auto verdict = challenge_->record(*pass, key, now);
        if (verdict != BotChallenge::Verdict::Accepted) {
            writeError(ex.response, 400, "invalid_challenge_solution", BotChallenge::explain(verdict));
            return false;
        }
    }
    // Solved today: on to the daily limit.
    if (challenge_ && quota.challenge_after && challenge_->solved(key, now)) quota.challenge_after = 0;
    ratelimit::RateDecision d = limiter_.take(key, quota, now);
    d.unavailable = shared_away;
    return applyDecision(ex, quota, d);
}

std::optional<manifest::Quota> Pipeline::quotaFor(Exchange& ex, int64_t now,
                                                  std::optional<ratelimit::ChallengePass>& pass) {
    manifest::Quota quota = ex.keyed ? ex.route->rate_class->keyed : ex.route->rate_class->anonymous;
    if (!quota.challenge_after || !challenge_) return quota;
    for (const auto& h : ex.request.headers) {
        if (!iequals(h.name, "x-challenge-solution")) continue;
        ratelimit::ChallengePass checked;
        auto verdict = challenge_->check(h.value, ex.caller_block, now, checked);
        if (verdict != BotChallenge::Verdict::Accepted) {
            writeError(ex.response, 400, "invalid_challenge_solution", BotChallenge::explain(verdict));
            return std::nullopt;
        }
        pass = std::move(checked);
        break;
    }
    return quota;
}

void Pipeline::writeChallenge(Exchange& ex, const manifest::Quota& quota, int64_t now) {
    const IssuedChallenge c = challenge_->issue(ex.caller_block, now);
    const std::string rule = "find a nonce (1 to 64 of A-Z a-z 0-9 _ -) such that SHA-256(token + nonce) starts with " +
                             std::to_string(c.difficulty) +
                             " zero bits, then send the request again once with "
                             "the header X-Challenge-Solution: <token> <nonce>";
    JsonWriter w;
    w.beginObject()
        .field("error", "challenge_required")
        .field("message", "more than " + std::to_string(quota.challenge_after) +
                              " lookups today from this address: solve the challenge to continue up to the daily "
                              "limit, or use an API key; see " +
                              manifest_.key_docs_url)
        .field("status", 429);
    w.key("challenge")
        .beginObject()
        .field("token", c.token)
        .field("difficulty", c.difficulty)
        .field("expires", static_cast<long long>(c.expires_unix))
        .field("header", "X-Challenge-Solution")
        .field("rule", rule)
        .endObject();
    w.endObject();
    ex.response.status = 429;
    ex.response.content_type = "application/json";
    ex.response.body = w.take();
}

bool Pipeline::meterShared(Exchange& ex) {
    ex.response.headers.reserve(ex.response.headers.size() + kHostHeaderBytes);
    auto pending = std::make_shared<PendingMeter>();
    ex.pending_meter = pending;
    pending->now = clock_.now();
    pending->key = counterKeyOf(ex);
    auto quota = quotaFor(ex, pending->now, pending->pass);
    if (!quota) {
        pending->refused = true;  // answered 400 already
        pending->state = PendingMeter::Answered;
        return false;
    }
    pending->quota = *quota;
    ratelimit::SharedCounters* counters = ex.counters ? ex.counters : shared_;
    if (!counters) {
        // Counting is shared per loop and this transport has none: count here.
        pending->decision.unavailable = true;
        pending->state = PendingMeter::Answered;
        return false;
    }
    // Held by the request's own record, so the answer's callback carries one pointer (no allocation).
    pending->wake = std::move(ex.wake);
    // The shared counters keep the challenge books: the pass is recorded with the count.
    counters->take(pending->key, *quota, pending->now, pending->pass ? &*pending->pass : nullptr,
                   [pending](const ratelimit::RateDecision& d) {
                       pending->decision = d;
                       if (pending->state.exchange(PendingMeter::Answered) == PendingMeter::Parked) pending->wake();
                   });
    // Parked unless the answer came already (then the callback did not wake).
    return pending->state.exchange(PendingMeter::Parked) != PendingMeter::Answered;
}

bool Pipeline::applyDecision(Exchange& ex, const manifest::Quota& quota, const ratelimit::RateDecision& d) {
    auto& resp = ex.response;
    if (d.solution_replayed) {
        writeError(resp, 400, "invalid_challenge_solution", BotChallenge::explain(BotChallenge::Verdict::Replayed));
        return false;
    }
    ex.quota_reported = true;
    if (d.unavailable) {
        // The shared counters did not answer: counted on this node, and said so.
        counters_.local().countedWhileSharedAway();
        resp.addHeader("X-RateLimit-Policy", "unavailable");
        if (d.allowed) return true;
    } else {
        writeQuotaHeaders(resp, d, ex.keyed ? ex.route->policy_keyed : ex.route->policy_anonymous);
    }
    if (d.allowed) return true;
    addNumber(resp, "Retry-After", d.retry_after_s);
    counters_.local().refusal(d.challenge ? pipeline::Refusal::ChallengeRequired : pipeline::Refusal::RateLimited);
    if (d.challenge && challenge_)
        writeChallenge(ex, quota, clock_.now());
    else if (d.challenge)
        writeError(resp, 429, "challenge_required",
                   "more than " + std::to_string(quota.challenge_after) +
                       " lookups today from this address; use an API key to continue");
    else
        writeError(resp, 429, "rate_limited",
                   "quota exceeded; retry after " + std::to_string(d.retry_after_s) + " seconds");
    return false;
}

void Pipeline::reportInvalidKey(Exchange& ex) const {
    // Not counted against the route's quota: the wrong-key throttle is the one that applies.
    writeQuotaPolicy(ex.response, manifest_.invalid_key_limit, kInvalidKeyPolicy);
    ex.quota_reported = true;
}

void Pipeline::reportUnmetered(Exchange& ex) {
    ex.response.addHeader("X-RateLimit-Policy", "unmetered");
    ex.quota_reported = true;
}

void Pipeline::preflight(Exchange& ex) {
    auto& r = ex.response;
    r.status = 204;
    r.addHeader("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
    r.addHeader("Access-Control-Allow-Headers", kAllowedRequestHeaders);
    r.addHeader("Access-Control-Max-Age", "86400");
}

void Pipeline::handle(Exchange& ex) {
    const Route* route = ex.route;
    if (route->host_handler >= 0) {
        host_handlers_[static_cast<size_t>(route->host_handler)](ex);
        return;
    }
    const size_t host_headers = ex.response.headers.size();  // what follows is the handler's
    if (!callHandler(*route, ex)) return;
    // Stored here, not in finish(): only a fresh answer passes this point (a
    // cached one never reaches handle()), and the handler's own header lines
    // are still told apart from the host's. Runs on workers too: the cache is thread-safe.
    response_cache_.store(ex, std::string_view(ex.response.headers).substr(host_headers));
    // After storing, so a hit never repeats it: a route the cache serves says
    // whether this answer came from memory (answer() writes "hit").
    if (route->response_cache_s > 0) ex.response.addHeader("X-Cache", "miss");
}

bool Pipeline::callHandler(const Route& route, Exchange& ex) const {
    ipf_status st =
        route.fn(route.state, reinterpret_cast<const ipf_request*>(&ex), reinterpret_cast<ipf_response*>(&ex));
    if (st == IPF_DEFER && !ex.on_worker) {
        // Keep the host's headers (quota), drop what the handler wrote.
        ex.response.status = 0;
        ex.response.content_type.clear();
        ex.response.body.clear();
        ex.deferred = true;
        return false;
    }
    if (st != IPF_OK) {
        spdlog::error("route={} plugin={} handler={} failed with status {}", route.spec.path, route.spec.plugin,
                      route.spec.handler, static_cast<int>(st));
        writeError(ex.response, 500, "internal_error", "the endpoint failed; the failure is logged");
        return false;
    }
    if (ex.response.status == 0 && ex.response.content_type.empty()) {
        spdlog::error("route={} plugin={} handler={} returned without a response (API misuse)", route.spec.path,
                      route.spec.plugin, route.spec.handler);
        writeError(ex.response, 500, "internal_error", "the endpoint gave no answer; the failure is logged");
        return false;
    }
    if (ex.response.status == 0) ex.response.status = 200;
    return true;
}

bool Pipeline::answerFromCacheAs(const Route& as, Exchange& ex) {
    const Route* own = std::exchange(ex.route, &as);
    const bool hit = response_cache_.answer(ex);
    ex.route = own;
    return hit;
}

bool Pipeline::callHandlerAndKeep(const Route& as, Exchange& ex) {
    const size_t host_headers = ex.response.headers.size();
    if (!callHandler(as, ex)) return false;
    const Route* own = std::exchange(ex.route, &as);
    response_cache_.store(ex, std::string_view(ex.response.headers).substr(host_headers));
    ex.route = own;
    return true;
}

void Pipeline::shapeJson(Exchange& ex) const {
    auto& r = ex.response;
    if (r.status == 200 && !ex.fields.empty()) r.body = selectMembers(r.body, ex.fields);
    bool pretty;
    if (ex.pretty) {
        pretty = *ex.pretty;
    } else {
        pretty = cli_agents_.matches(ex.request);
        // The layout depends on who asks: a shared cache must not hand curl's to a
        // browser. (The front door's answers say Vary: Accept, User-Agent already.)
        if (r.headers.find("Vary:") == std::string::npos) r.addHeader("Vary", "User-Agent");
    }
    if (pretty) r.body = prettyJson(r.body);
}

void Pipeline::finish(Exchange& ex) {
    auto& r = ex.response;
    if (r.content_type.rfind("application/json", 0) == 0 && !r.body.empty()) shapeJson(ex);
    const bool answer = r.status >= 200 && r.status < 300 && ex.route && r.status != 204;
    if (answer && !ex.transient)
        r.headers += ex.route->cache_control_line;
    else if (answer)  // a failed or timed-out part: short-lived at most, never the route's lifetime
        r.addHeader("Cache-Control",
                    ResponseCache::transientCacheControl(ex.route->spec.cache_control, manifest_.transient_max_age_s));
    else
        r.headers += "Cache-Control: no-store\r\n";
    r.headers += cors_lines_;
    if (!ex.quota_reported) r.headers += "X-RateLimit-Policy: unmetered\r\n";
    const int64_t took_us = monotonicMicros() - ex.started_us;
    // Counted in this thread's own block: no lock, no shared cache line.
    const auto& routes = routes_->routes();
    counters_.local().request(ex.route ? size_t(ex.route - routes.data()) : routes.size(), r.status, took_us);
    if (!ex.route || ex.route->spec.access_log) access_log_.write(ex, took_us);
}

void Pipeline::rejectUnparsed(Exchange& ex, int status, std::string_view token, std::string_view message) {
    // Never begun: the access log's duration counts from here, not from 0.
    if (ex.started_us == 0) ex.started_us = monotonicMicros();
    ex.client_address = ex.request.peer.toString();
    ex.head = ex.request.method == "HEAD";
    writeError(ex.response, status, token, message);
    ex.response.close = true;
    finish(ex);
}

}  // namespace ipfacts::pipeline
