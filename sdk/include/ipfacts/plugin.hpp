// ipfacts C++ plugin layer — header-only glue over the C ABI in plugin.h.
//
// A plugin author writes a class whose constructor takes `ipfacts::Host&`
// (throwing std::exception fails init with its message) and whose handlers
// are `void name(ipfacts::Request&, ipfacts::Response&)` members, then one
// registration:
//
//   IPFACTS_PLUGIN(HelloPlugin, "hello", "1.0.0", "Says hello", kOpenApi,
//                  IPFACTS_HANDLER(HelloPlugin, greet, IPF_HANDLER_NONBLOCKING));
//
// Every trampoline is noexcept and catches everything: an exception becomes a
// logged IPF_ERROR, which the host answers as 500 internal_error.
//
// Every facility wrapper below returns one model (ipfacts/results.hpp): a
// Result<T> or a Batch of views, each ok() or failed with a status() and a
// reason(). None throws.
#ifndef IPFACTS_PLUGIN_HPP
#define IPFACTS_PLUGIN_HPP

#include <ipfacts/plugin.h>
#include <ipfacts/config_keys.hpp>
#include <ipfacts/json.hpp>
#include <ipfacts/location.hpp>
#include <ipfacts/netdb_wanted.hpp>
#include <ipfacts/reasons.hpp>
#include <ipfacts/results.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ipfacts {

/// The plugin's OpenAPI fragment, when the build embeds openapi.json
/// (ipfacts_add_plugin / ipfacts_plugin(... OPENAPI file)).
extern const char kOpenApiFragment[];

/// Formats Unix milliseconds as ISO 8601 UTC with second precision: 2026-11-22T18:51:11Z.
inline std::string isoUtc(int64_t unix_ms) {
    std::time_t t = static_cast<std::time_t>(unix_ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return std::string(buf, n);
}

/// The outcome of counting one use of a daily meter.
struct MeterUse {
    bool allowed = false;   // counted; false when today's budget is spent
    int64_t remaining = 0;  // uses left today
    int64_t resets_at = 0;  // Unix seconds of the next 00:00 UTC
};

namespace detail {

/// The one shape of every batch wrapper: the calls filled into C structs
/// (pointing into an arena that lives for the call), one C call
/// `run(structs, count, &batch)`, and the batch read in place through V.
/// `refused(status)` words a call the facility did not run.
template <class V, class B, class Call, class Run, class Refused>
Batch<V> callBatch(const std::vector<Call>& calls, Run run, size_t (*size)(const B*),
                   const typename V::CStruct* (*at)(const B*, size_t), void (*release)(B*), Refused refused) {
    fields::Arena arena;
    const std::vector<typename Call::CStruct> structs = fields::fillAll(calls, arena);
    B* batch = nullptr;
    const ipf_status st = run(structs.data(), structs.size(), &batch);
    if (st != IPF_OK || !batch) return Batch<V>::failed(st, refused(st));
    return Batch<V>(batch, size, at, release);
}

/// Words why a DNS facility returned no batch: `missing` when it says it is
/// not there, otherwise the question was malformed.
inline auto dnsRefusal(const char* missing) {
    return
        [missing](ipf_status st) { return std::string(st == IPF_UNAVAILABLE ? missing : kMalformedDnsQuestionReason); };
}

/// The first item of a batch of one call, kept; or why the call failed.
template <class V>
Result<typename Batch<V>::Owned> firstOf(const Batch<V>& replies) {
    using Owned = typename Batch<V>::Owned;
    if (!replies.ok()) return Result<Owned>::failed(replies.status(), std::string(replies.reason()));
    if (replies.empty()) return Result<Owned>::failed(IPF_ERROR, "the host answered no item");
    return replies.front().keep();
}

}  // namespace detail

/// The plugin's handle on the host's services. Thread-safe; lives from init to shutdown.
class Host {
public:
    Host(const ipf_host_api* api, ipf_plugin_ctx* ctx) : api_(api), ctx_(ctx) {}

    const ipf_host_api* api() const { return api_; }
    ipf_plugin_ctx* ctx() const { return ctx_; }

    void log(ipf_log_level level, std::string_view message) const { api_->log(ctx_, level, str(message)); }
    void info(std::string_view m) const { log(IPF_LOG_INFO, m); }
    void warn(std::string_view m) const { log(IPF_LOG_WARN, m); }
    void error(std::string_view m) const { log(IPF_LOG_ERROR, m); }

    /// A scalar from the plugin's manifest section, by dotted key.
    std::optional<std::string> config(std::string_view key) const {
        ipf_str out{};
        if (api_->config_get(ctx_, str(key), &out) != IPF_OK) return std::nullopt;
        return std::string(view(out));
    }
    /// A file path from the plugin's manifest section, resolved against the manifest's folder.
    std::optional<std::string> configPath(std::string_view key) const {
        ipf_str out{};
        if (api_->config_path(ctx_, str(key), &out) != IPF_OK) return std::nullopt;
        return std::string(view(out));
    }
    std::string_view serviceHost() const { return view(api_->service_host(ctx_)); }
    std::string_view edge() const { return view(api_->edge(ctx_)); }
    int64_t nowMs() const { return api_->now_ms(ctx_); }
    /// The `checked_at` value for a response written now.
    std::string checkedAt() const { return isoUtc(nowMs()); }

    /// True when the host offers address facts (ABI 1.2 and a netdb: section).
    bool hasNetDb() const { return IPF_HOST_HAS(api_, netdb); }

    /// Facts about an address literal, read where the host put them and given
    /// back when the result goes (keep() copies them). Fails with
    /// IPF_UNAVAILABLE without a netdb, and with the facility's status when it
    /// could not look the address up. Never blocks. geo_accuracy is always
    /// set, and locatable / not_locatable_reason say whether there is a
    /// location and why not (ipfacts/location.hpp), whatever the host's minor.
    /// `wanted` (IPF_NETDB_WANT_* bits) names the groups of facts the caller
    /// reads: a host of ABI 1.6 looks up only those and leaves the rest
    /// unknown (ipfacts/netdb_wanted.hpp), an older one looks up everything.
    /// Ask for some only where the facts are read for those groups alone.
    Result<Held<NetFactsView>> netFacts(std::string_view address, uint32_t wanted = IPF_NETDB_WANT_ALL) const {
        using Facts = Result<Held<NetFactsView>>;
        if (!hasNetDb()) return Facts::failed(IPF_UNAVAILABLE, kNoNetDbReason);
        const ipf_netdb_api* db = api_->netdb;
        const ipf_netdb_facts* f = nullptr;
        const bool some =
            netdbWanted(wanted) != IPF_NETDB_WANT_ALL && IPF_FACILITY_HAS(struct ipf_netdb_api, db, lookup_wanted);
        const ipf_status st =
            some ? db->lookup_wanted(ctx_, str(address), wanted, &f) : db->lookup(ctx_, str(address), &f);
        if (st != IPF_OK || !f) return Facts::failed(st, "the address database could not look this address up");
        Held<NetFactsView> held(f, api_->netdb->facts_free);
        // A host older than 1.4 does not state its location rule: apply it here (a copy, old hosts only).
        if (!fields::reaches(*f, offsetof(ipf_netdb_facts, not_locatable_reason) + sizeof f->not_locatable_reason))
            return Facts(Held<NetFactsView>(withLocationRule(held.keep())));
        return Facts(std::move(held));
    }

    /// Counts one use of the manifest's daily meter `name` for this caller.
    /// Fails (IPF_UNAVAILABLE, IPF_NOT_FOUND) when the host has no such meter:
    /// the caller decides, usually serve and say the meter is unavailable.
    Result<MeterUse> takeMeter(const ipf_request* req, std::string_view name) const {
        if (!IPF_HOST_HAS(api_, meters)) return Result<MeterUse>::failed(IPF_UNAVAILABLE, kNoMetersReason);
        int allowed = 0;
        MeterUse use;
        const ipf_status st = api_->meters->take(ctx_, req, str(name), &allowed, &use.remaining, &use.resets_at);
        if (st == IPF_NOT_FOUND)
            return Result<MeterUse>::failed(st, "the manifest declares no meter '" + std::string(name) + "'");
        if (st != IPF_OK) return Result<MeterUse>::failed(st, "the meters facility failed");
        use.allowed = allowed != 0;
        return use;
    }

    /// True when the host offers stub DNS (ABI 1.2 and a resolver: section).
    bool hasResolver() const { return IPF_HOST_HAS(api_, resolver); }
    /// True when the host offers DNS over HTTPS (ABI 1.2 and a doh: section).
    bool hasDoh() const { return IPF_HOST_HAS(api_, doh); }

    /// Resolves the questions in parallel; answer i is for question i. Blocking.
    /// Never throws: without a resolver, or when it refuses a malformed
    /// question, the answers are empty and reason() says why.
    DnsAnswers resolve(const std::vector<DnsQuestion>& questions) const {
        if (!hasResolver()) return DnsAnswers::failed(IPF_UNAVAILABLE, kNoResolverReason);
        const ipf_resolver_api* r = api_->resolver;
        return detail::callBatch<DnsAnswerView>(
            questions,
            [&](const ipf_dns_question* qs, size_t n, ipf_dns_batch** out) { return r->resolve(ctx_, qs, n, out); },
            r->batch_size, r->batch_answer, r->batch_free, detail::dnsRefusal(kNoResolverReason));
    }

    /// True when the host offers named resolvers (ABI 1.5: resolver.named).
    bool hasNamedResolvers() const {
        return hasResolver() && IPF_FACILITY_HAS(struct ipf_resolver_api, api_->resolver, resolve_named);
    }

    /// Like resolve, through the manifest's named resolver `name`
    /// (resolver.named: its own servers), since 1.5. Blocking. Never throws:
    /// without the resolver or the name, the answers are empty and reason()
    /// says why. Declare the config key naming it IPF_CONFIG_RESOLVER and the
    /// host checks the name exists before init.
    DnsAnswers resolveNamed(std::string_view name, const std::vector<DnsQuestion>& questions) const {
        if (!hasNamedResolvers()) return DnsAnswers::failed(IPF_UNAVAILABLE, kNoNamedResolverReason);
        const ipf_resolver_api* r = api_->resolver;
        auto refused = [name, words = detail::dnsRefusal(kNoNamedResolverReason)](ipf_status st) {
            return st == IPF_NOT_FOUND ? "the manifest names no resolver '" + std::string(name) + "'" : words(st);
        };
        return detail::callBatch<DnsAnswerView>(
            questions,
            [&](const ipf_dns_question* qs, size_t n, ipf_dns_batch** out) {
                return r->resolve_named(ctx_, str(name), qs, n, out);
            },
            r->batch_size, r->batch_answer, r->batch_free, refused);
    }

    /// Asks every DoH resolver; one answer per resolver. Blocking. Never
    /// throws: without DoH, or for a malformed question, the answers are
    /// empty and reason() says why.
    DnsAnswers dohQueryAll(const DnsQuestion& question) const {
        if (!hasDoh()) return DnsAnswers::failed(IPF_UNAVAILABLE, kNoDohReason);
        const ipf_doh_api* d = api_->doh;
        return detail::callBatch<DnsAnswerView>(
            std::vector<DnsQuestion>{question},
            [&](const ipf_dns_question* q, size_t, ipf_dns_batch** out) { return d->query_all(ctx_, *q, out); },
            d->batch_size, d->batch_answer, d->batch_free, detail::dnsRefusal(kNoDohReason));
    }

    /// True when the host offers guarded outbound HTTP (ABI 1.3 and an http: section).
    bool hasHttp() const { return IPF_HOST_HAS(api_, http); }

    /// Performs every call in parallel through the host's guarded client;
    /// reply i is call i's. Blocking: from worker handlers only. Failures come
    /// back in each reply's error(); without http, or when the facility
    /// refuses the calls, there are no replies and reason() says why.
    HttpReplies fetchAll(const std::vector<HttpCall>& calls) const {
        if (!hasHttp()) return HttpReplies::failed(IPF_UNAVAILABLE, kNoHttpReason);
        const ipf_http_api* h = api_->http;
        return detail::callBatch<HttpReplyView>(
            calls,
            [&](const ipf_http_request* rs, size_t n, ipf_http_batch** out) { return h->fetch_all(ctx_, rs, n, out); },
            h->batch_size, h->batch_result, h->batch_free,
            [](ipf_status st) {
                return std::string(st == IPF_UNAVAILABLE ? kNoHttpReason : kMalformedHttpCallReason);
            });
    }

    /// True when the host offers the cache (ABI 1.3 and a cache: section).
    bool hasCache() const { return IPF_HOST_HAS(api_, cache) && IPF_FACILITY_HAS(ipf_cache_api, api_->cache, get); }

    /// The live cached value of `key` (this plugin's namespace). Fails with
    /// IPF_NOT_FOUND on a miss, IPF_UNAVAILABLE without a cache. Never blocks:
    /// usable from NONBLOCKING handlers.
    Result<std::string> cacheGet(std::string_view key) const {
        if (!hasCache()) return Result<std::string>::failed(IPF_UNAVAILABLE, kNoCacheReason);
        return takeValue(api_->cache->get, api_->cache->value_free, key, "the cache failed");
    }

    /// Caches `value` for `ttl` (> 0). Fails when not kept: no cache
    /// (IPF_UNAVAILABLE), ttl zero (IPF_INVALID), the value larger than the
    /// cache holds (IPF_ERROR). Never blocks.
    Result<void> cachePut(std::string_view key, std::string_view value, std::chrono::milliseconds ttl) const {
        if (!hasCache()) return Result<void>::failed(IPF_UNAVAILABLE, kNoCacheReason);
        if (ttl.count() <= 0) return Result<void>::failed(IPF_INVALID, "a cached value needs a time to live");
        uint32_t ms = ttl.count() > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(ttl.count());
        const ipf_status st = api_->cache->put(ctx_, str(key), str(value), ms);
        if (st != IPF_OK) return Result<void>::failed(st, "the cache did not keep the value");
        return {};
    }

    /// True when the host offers the durable store (ABI 1.3).
    bool hasStore() const { return IPF_HOST_HAS(api_, store) && IPF_FACILITY_HAS(ipf_store_api, api_->store, get); }

    /// The live stored value of `key` (this plugin's namespace); a counter reads
    /// as decimal text. Fails with IPF_NOT_FOUND when absent or expired,
    /// IPF_UNAVAILABLE without a store, IPF_ERROR when the store failed.
    /// Blocking (disk): from worker handlers only.
    Result<std::string> storeGet(std::string_view key) const {
        if (!hasStore()) return Result<std::string>::failed(IPF_UNAVAILABLE, kNoStoreReason);
        return takeValue(api_->store->get, api_->store->value_free, key, "store: get failed");
    }

    /// Stores `value` for `ttl` (zero: kept until overwritten). Fails without
    /// a store or when it fails. Blocking.
    Result<void> storePut(std::string_view key, std::string_view value,
                          std::chrono::milliseconds ttl = std::chrono::milliseconds(0)) const {
        if (!hasStore()) return Result<void>::failed(IPF_UNAVAILABLE, kNoStoreReason);
        uint64_t ms = ttl.count() > 0 ? static_cast<uint64_t>(ttl.count()) : 0;
        const ipf_status st = api_->store->put(ctx_, str(key), str(value), ms);
        if (st != IPF_OK) return Result<void>::failed(st, "store: put failed");
        return {};
    }

    /// Atomically adds `delta` to the counter `key` and gives the new value;
    /// a new (or expired) counter starts at 0 and lives `ttl` (zero: forever),
    /// a live one keeps its expiry. Blocking. Fails as storePut.
    Result<int64_t> storeIncr(std::string_view key, int64_t delta = 1,
                              std::chrono::milliseconds ttl = std::chrono::milliseconds(0)) const {
        if (!hasStore()) return Result<int64_t>::failed(IPF_UNAVAILABLE, kNoStoreReason);
        uint64_t ms = ttl.count() > 0 ? static_cast<uint64_t>(ttl.count()) : 0;
        int64_t out = 0;
        const ipf_status st = api_->store->incr(ctx_, str(key), delta, ms, &out);
        if (st != IPF_OK) return Result<int64_t>::failed(st, "store: incr failed");
        return out;
    }

private:
    /// Calls a get(ctx, key, &out) of a facility and copies its value out;
    /// `failure` words a status other than a miss.
    template <class GetFn, class FreeFn>
    Result<std::string> takeValue(GetFn get, FreeFn release, std::string_view key, const char* failure) const {
        ipf_str out{nullptr, 0};
        ipf_status st = get(ctx_, str(key), &out);
        if (st == IPF_NOT_FOUND) return Result<std::string>::failed(st, "no live value under this key");
        if (st != IPF_OK) return Result<std::string>::failed(st, failure);
        struct Release {
            const char* p;
            FreeFn f;
            ~Release() { f(p); }
        } guard{out.ptr, release};
        return std::string(out.ptr, out.len);
    }

    const ipf_host_api* api_;
    ipf_plugin_ctx* ctx_;
};

namespace detail {

/// Logs why an entry point failed: what `message()` builds, or `fallback`
/// when even that cannot be built (the heap exhausted). Nothing leaves it,
/// not even a failed log: it runs in the catch of a noexcept entry point.
template <class Message>
void logFailure(const Host& host, Message message, const char* fallback) noexcept {
    try {
        host.error(message());
        return;
    } catch (...) {  // fall through to the message that needs no memory
    }
    try {
        host.error(fallback);
    } catch (...) {  // the host's log itself failed: there is no one left to tell
    }
}

}  // namespace detail

// ---- connect facility (ABI 1.4): guarded TCP connect plus TLS handshake ----
// Free functions over Host, so this facility is one block of this header.
//
//   ipfacts::TlsProbeCall c;
//   c.server_name = "example.com"; c.port = 443; c.max_version = IPF_TLS_1_2;
//   ipfacts::Result<ipfacts::TlsProbeReply> r = ipfacts::tlsProbe(host_, c);  // from a worker handler
//   if (!r) ... r.reason() ...                 // no probe was made (no connect: section)
//   else if (!r->ok()) ... r->error, r->alert_received ...; else r->chain[0] is the leaf's DER

// TlsProbeCall and TlsProbeReply are ipfacts/views.hpp's, generated from the
// field lists of ipf_tls_probe_request and ipf_tls_probe_result (ipfacts/fields.h).

/// True when the host offers the connect facility (ABI 1.4 and a connect: section).
inline bool hasConnect(const Host& host) {
    return IPF_HOST_HAS(host.api(), connect) &&
           IPF_FACILITY_HAS(struct ipf_connect_api, host.api()->connect, tls_probe_all);
}

namespace detail {

/// A batch of the connect facility, probes and exchanges alike: callBatch,
/// and one reply per call or none. `noun` names the calls in a reason.
template <class V, class Call, class Run, class B>
Batch<V> connectAll(const std::vector<Call>& calls, const char* noun, Run run, size_t (*size)(const B*),
                    const typename V::CStruct* (*at)(const B*, size_t), void (*release)(B*)) {
    Batch<V> replies = callBatch<V>(calls, run, size, at, release, [noun](ipf_status) {
        return std::string("connect: the host could not run the ") + noun;
    });
    if (replies.ok() && replies.size() != calls.size())
        return Batch<V>::failed(IPF_ERROR, std::string("connect: the host answered a different number of ") + noun);
    return replies;
}

}  // namespace detail

/// Runs every call at once through the host's guarded connect; reply i is
/// call i's. Blocking: from worker handlers only. Without the facility, or
/// when it could not run them, there are no replies and reason() says why; a
/// probe that failed is a reply whose `error` says why.
inline TlsProbeReplies tlsProbeAll(const Host& host, const std::vector<TlsProbeCall>& calls) {
    if (!hasConnect(host)) return TlsProbeReplies::failed(IPF_UNAVAILABLE, kNoConnectReason);
    const ipf_connect_api* api = host.api()->connect;
    return detail::connectAll<TlsProbeReplyView>(
        calls, "probes",
        [&](const ipf_tls_probe_request* rs, size_t n, ipf_tls_probe_batch** out) {
            return api->tls_probe_all(host.ctx(), rs, n, out);
        },
        api->batch_size, api->batch_result, api->batch_free);
}

/// One probe, kept; see tlsProbeAll.
inline Result<TlsProbeReply> tlsProbe(const Host& host, const TlsProbeCall& call) {
    return detail::firstOf(tlsProbeAll(host, {call}));
}

// ---- tasks facility (ABI 1.5): periodic work on worker fibers -------------
//
//   // in the plugin class: std::unique_ptr<ipfacts::PeriodicTask> refresh_;
//   refresh_ = ipfacts::every(host, "refresh", {std::chrono::hours(24)}, [this] { refreshFeed(); });
//
// The function runs on a worker fiber, so it may call blocking facilities
// (resolve, fetchAll, tlsProbe, store); runs never overlap. Keep the returned
// object as long as the plugin lives: the host calls into it until shutdown.

/// When a periodic task runs: every `interval` (at least 1 s), the first run
/// `first_delay` after the host starts serving; each run's facility waits end
/// by `timeout` (zero: the interval, at most 60 s).
struct TaskSchedule {
    std::chrono::milliseconds interval;
    std::chrono::milliseconds first_delay{0};
    std::chrono::milliseconds timeout{0};
};

/// A registered task's function; the plugin owns it (see every()).
class PeriodicTask {
public:
    PeriodicTask(const Host& host, std::string name, std::function<void()> fn)
        : host_(host), name_(std::move(name)), fn_(std::move(fn)) {}
    PeriodicTask(const PeriodicTask&) = delete;
    PeriodicTask& operator=(const PeriodicTask&) = delete;
    const std::string& name() const { return name_; }

    /// The C entry the host calls; an exception is logged, never let out.
    static void run(void* state) noexcept {
        auto* t = static_cast<PeriodicTask*>(state);
        try {
            t->fn_();
        } catch (const std::exception& e) {
            detail::logFailure(
                t->host_, [&] { return "task " + t->name_ + " threw: " + e.what(); }, "a periodic task threw");
        } catch (...) {
            detail::logFailure(
                t->host_, [&] { return "task " + t->name_ + " threw a non-standard exception"; },
                "a periodic task threw");
        }
    }

private:
    Host host_;
    std::string name_;
    std::function<void()> fn_;
};

/// True when the host runs periodic tasks (ABI 1.5).
inline bool hasTasks(const Host& host) {
    return IPF_HOST_HAS(host.api(), tasks) && IPF_FACILITY_HAS(struct ipf_tasks_api, host.api()->tasks, every);
}

/// Registers `fn` to run on `schedule` under `name` ([a-z0-9_.-], unique in
/// the plugin): the task, which the plugin keeps until shutdown. Fails when
/// the host has no tasks facility (IPF_UNAVAILABLE) or refused the task (it
/// logs why).
inline Result<std::unique_ptr<PeriodicTask>> every(const Host& host, std::string_view name, TaskSchedule schedule,
                                                   std::function<void()> fn) {
    using Task = Result<std::unique_ptr<PeriodicTask>>;
    if (!hasTasks(host)) return Task::failed(IPF_UNAVAILABLE, kNoTasksReason);
    auto task = std::make_unique<PeriodicTask>(host, std::string(name), std::move(fn));
    auto ms = [](std::chrono::milliseconds d) {
        return d.count() <= 0 ? 0u : static_cast<uint32_t>(std::min<int64_t>(d.count(), UINT32_MAX));
    };
    ipf_task t{};
    t.struct_size = sizeof t;
    t.interval_ms = ms(schedule.interval);
    t.first_delay_ms = ms(schedule.first_delay);
    t.timeout_ms = ms(schedule.timeout);
    t.name = str(task->name());
    t.run = &PeriodicTask::run;
    t.state = task.get();
    const ipf_status st = host.api()->tasks->every(host.ctx(), &t);
    if (st != IPF_OK) return Task::failed(st, "the host refused the task '" + std::string(name) + "' (it logs why)");
    return Task(std::move(task));
}

// ---- connect facility, since 1.5: guarded plain TCP exchanges (WHOIS) ------
//
//   ipfacts::TcpExchangeCall c;
//   c.host = "whois.example"; c.port = 43; c.payload = "192.0.2.1\r\n";
//   ipfacts::Result<ipfacts::TcpExchangeReply> r = ipfacts::tcpExchange(host_, c);  // from a worker handler
//   if (!r) ... r.reason() ...; else if (!r->ok()) ... r->error ...; else r->response is what the server sent

/// True when the host offers plain TCP exchanges (ABI 1.5 and a connect: section).
inline bool hasTcpExchange(const Host& host) {
    return IPF_HOST_HAS(host.api(), connect) &&
           IPF_FACILITY_HAS(struct ipf_connect_api, host.api()->connect, exchange_batch_free);
}

/// Runs every exchange at once through the host's guarded connect; reply i
/// is call i's. Blocking: from worker handlers only. Without the facility, or
/// when it could not run them, there are no replies and reason() says why; an
/// exchange that failed is a reply whose `error` says why.
inline TcpExchangeReplies tcpExchangeAll(const Host& host, const std::vector<TcpExchangeCall>& calls) {
    if (!hasTcpExchange(host)) return TcpExchangeReplies::failed(IPF_UNAVAILABLE, kNoTcpExchangeReason);
    const ipf_connect_api* api = host.api()->connect;
    return detail::connectAll<TcpExchangeReplyView>(
        calls, "exchanges",
        [&](const ipf_tcp_exchange_request* rs, size_t n, ipf_tcp_exchange_batch** out) {
            return api->tcp_exchange_all(host.ctx(), rs, n, out);
        },
        api->exchange_batch_size, api->exchange_batch_result, api->exchange_batch_free);
}

/// One exchange, kept; see tcpExchangeAll.
inline Result<TcpExchangeReply> tcpExchange(const Host& host, const TcpExchangeCall& call) {
    return detail::firstOf(tcpExchangeAll(host, {call}));
}

// ---- privacy facility (ABI 1.5): VPN, proxy, Tor, relay and hosting flags --
//
//   if (ipfacts::hasPrivacy(host_)) {
//       ipfacts::Result<ipfacts::PrivacyFacts> a = ipfacts::privacyOf(host_, "192.0.2.1");  // from a worker handler
//       if (a) ... a->tor, a->evidence ...; else a.reason()
//   }
//
// PrivacyFacts is ipfacts/views.hpp's; ipfacts/privacy.hpp writes it as the
// `privacy` object and its reasons.

/// True when the host offers the privacy facility (ABI 1.5 and a privacy: section).
inline bool hasPrivacy(const Host& host) {
    return IPF_HOST_HAS(host.api(), privacy) && IPF_FACILITY_HAS(struct ipf_privacy_api, host.api()->privacy, lookup);
}

/// Looks `address` up through the host's privacy providers, kept. Fails with
/// IPF_UNAVAILABLE without the facility, IPF_INVALID for a text that is not
/// an address literal. Blocking (it may call an external provider): from
/// worker handlers only, and only when the client asked for enrichment.
inline Result<PrivacyFacts> privacyOf(const Host& host, std::string_view address) {
    if (!hasPrivacy(host)) return Result<PrivacyFacts>::failed(IPF_UNAVAILABLE, kNoPrivacyProviderReason);
    const ipf_privacy_api* api = host.api()->privacy;
    const ipf_privacy_facts* f = nullptr;
    const ipf_status st = api->lookup(host.ctx(), str(address), &f);
    if (st != IPF_OK || !f)
        return Result<PrivacyFacts>::failed(
            st, st == IPF_INVALID ? "not an address literal" : "the privacy providers could not be asked");
    return Held<PrivacyFactsView>(f, api->facts_free).keep();
}

/// Read-only view of the request being handled. Valid for the handler call.
class Request {
public:
    Request(const ipf_host_api* api, const ipf_request* req) : api_(api), req_(req) {}

    std::string_view method() const { return view(api_->request_method(req_)); }
    std::string_view path() const { return view(api_->request_path(req_)); }
    std::string_view target() const { return view(api_->request_target(req_)); }

    std::optional<std::string_view> pathParam(std::string_view name) const {
        ipf_str out{};
        if (api_->path_param(req_, str(name), &out) != IPF_OK) return std::nullopt;
        return view(out);
    }
    size_t queryCount(std::string_view name) const { return api_->query_count(req_, str(name)); }
    std::optional<std::string_view> query(std::string_view name, size_t index = 0) const {
        ipf_str out{};
        if (api_->query_get(req_, str(name), index, &out) != IPF_OK) return std::nullopt;
        return view(out);
    }

    size_t headerCount() const { return api_->header_count(req_); }
    std::pair<std::string_view, std::string_view> headerAt(size_t i) const {
        ipf_str n{}, v{};
        if (api_->header_at(req_, i, &n, &v) != IPF_OK) return {};
        return {view(n), view(v)};
    }
    std::optional<std::string_view> header(std::string_view name) const {
        ipf_str out{};
        if (api_->header_get(req_, str(name), &out) != IPF_OK) return std::nullopt;
        return view(out);
    }

    std::string_view clientAddress() const { return view(api_->client_address(req_)); }
    std::string_view peerAddress() const { return view(api_->peer_address(req_)); }
    /// The accepted key's opaque id, or nullopt for an anonymous caller.
    std::optional<std::string_view> keyIdentity() const {
        ipf_str k = api_->key_identity(req_);
        if (!k.ptr) return std::nullopt;
        return view(k);
    }
    std::string_view protocol() const { return view(api_->protocol(req_)); }
    std::string_view tls() const { return view(api_->tls_version(req_)); }
    /// Round-trip time in microseconds, or -1 when unknown.
    int64_t rttUs() const { return api_->rtt_us(req_); }

    /// Absolute URL of this request as the client addressed it (since 1.1);
    /// empty when the host is older.
    std::string_view url() const {
        if (!IPF_HOST_HAS(api_, request_url)) return {};
        return view(api_->request_url(req_));
    }

    /// True when this call may wait on I/O (it runs on a worker thread, or
    /// the handler is not NONBLOCKING). A NONBLOCKING handler that finds it
    /// must block calls Response::deferToWorker() and returns (since 1.2).
    bool mayBlock() const { return IPF_HOST_HAS(api_, may_block) && api_->may_block(req_) != 0; }

    /// The C handle, for host calls that take the request (Host::takeMeter).
    const ipf_request* handle() const { return req_; }

private:
    const ipf_host_api* api_;
    const ipf_request* req_;
};

/// The response being written. Valid for the handler call.
class Response {
public:
    Response(const ipf_host_api* api, ipf_response* resp) : api_(api), resp_(resp) {}

    Response& status(int code) {
        api_->set_status(resp_, code);
        return *this;
    }
    Response& header(std::string_view name, std::string_view value) {
        api_->add_header(resp_, str(name), str(value));
        return *this;
    }
    Response& body(std::string_view content_type, std::string_view body) {
        api_->set_body(resp_, str(content_type), str(body));
        return *this;
    }
    Response& json(std::string_view body) { return body_json(body); }
    Response& json(const JsonWriter& w) { return body_json(w.str()); }
    /// Answers with the error envelope; the handler then returns normally.
    Response& error(int status, std::string_view token, std::string_view message) {
        api_->set_error(resp_, status, str(token), str(message));
        return *this;
    }

    /// The answer holds a transient failure (a timed-out row, an upstream
    /// that did not answer, a partial result): the host neither caches it
    /// nor lets clients cache it past the operator's short
    /// transient_max_age_s (default no-store). Since 1.5; a no-op on older hosts.
    Response& transient() {
        if (IPF_HOST_HAS(api_, set_transient)) api_->set_transient(resp_);
        return *this;
    }

    /// Asks the host to run this handler again on a worker thread, where
    /// Request::mayBlock() is true. Only for NONBLOCKING handlers (since 1.2).
    void deferToWorker() { deferred_ = true; }
    bool deferred() const { return deferred_; }

private:
    Response& body_json(std::string_view b) { return body("application/json", b); }
    const ipf_host_api* api_;
    ipf_response* resp_;
    bool deferred_ = false;
};

namespace detail {

template <class P>
struct State {
    Host host;
    P plugin;
    State(const ipf_host_api* api, ipf_plugin_ctx* ctx) : host(api, ctx), plugin(host) {}
};

inline void copyError(char* err, size_t cap, const char* what) {
    if (!err || cap == 0) return;
    std::strncpy(err, what, cap - 1);
    err[cap - 1] = '\0';
}

template <class P>
ipf_status init(const ipf_host_api* api, ipf_plugin_ctx* ctx, void** state, char* err, size_t cap) noexcept {
    static_assert(std::is_constructible_v<P, Host&>, "a plugin class needs a constructor taking ipfacts::Host&");
    try {
        *state = new State<P>(api, ctx);
        return IPF_OK;
    } catch (const std::exception& e) {
        copyError(err, cap, e.what());
    } catch (...) {
        copyError(err, cap, "init threw a non-standard exception");
    }
    return IPF_ERROR;
}

template <class P>
void shutdown(void* state) noexcept {
    delete static_cast<State<P>*>(state);
}

template <class P, auto Method>
ipf_status handle(void* state, const ipf_request* rq, ipf_response* rs) noexcept {
    static_assert(std::is_invocable_v<decltype(Method), P&, Request&, Response&>,
                  "a handler is void P::name(ipfacts::Request&, ipfacts::Response&)");
    auto* s = static_cast<State<P>*>(state);
    try {
        Request req(s->host.api(), rq);
        Response resp(s->host.api(), rs);
        (s->plugin.*Method)(req, resp);
        return resp.deferred() ? IPF_DEFER : IPF_OK;
    } catch (const std::exception& e) {
        logFailure(
            s->host, [&] { return std::string("handler threw: ") + e.what(); }, "a handler threw");
    } catch (...) {
        logFailure(
            s->host, [] { return std::string("handler threw a non-standard exception"); }, "a handler threw");
    }
    return IPF_ERROR;
}

// What a plugin class may declare about itself (ABI 1.3), each optional:
//   static constexpr const char* kRequiredFacilities[] = {"resolver", "netdb", nullptr};
//   static constexpr ipfacts::ConfigKey kConfig[] = {...};   // ipfacts/config_keys.hpp
//   static constexpr uint32_t kPluginFlags = IPF_PLUGIN_COPES_WITH_OLDER_HOST;
template <class P, class = void>
struct Declares {
    static constexpr const char* const* required() { return nullptr; }
};
template <class P>
struct Declares<P, std::void_t<decltype(P::kRequiredFacilities)>> {
    static constexpr const char* const* required() { return P::kRequiredFacilities; }
};
template <class P, class = void>
struct DeclaresFlags {
    static constexpr uint32_t flags() { return 0; }
};
template <class P>
struct DeclaresFlags<P, std::void_t<decltype(P::kPluginFlags)>> {
    static constexpr uint32_t flags() { return P::kPluginFlags; }
};

}  // namespace detail
}  // namespace ipfacts

/// One handler entry: the member function, its manifest name (the member's
/// own name) and IPF_HANDLER_* flags.
#define IPFACTS_HANDLER(Class, member, flags) \
    ipf_handler_def { #member, &::ipfacts::detail::handle < Class, &Class::member>, (flags) }

/// Writes the plugin's exported entry point. `openapi` is a const char* JSON
/// fragment. Required facilities, config keys and plugin flags come from the
/// class's kRequiredFacilities, kConfig and kPluginFlags when it has them.
#define IPFACTS_PLUGIN(Class, name, version, description, openapi, ...)                                      \
    extern "C" __attribute__((visibility("default"))) const ipf_plugin_descriptor* ipfacts_plugin_v1(void) { \
        static const ipf_handler_def handlers[] = {__VA_ARGS__};                                             \
        static const ipf_plugin_descriptor d = {                                                             \
            sizeof(ipf_plugin_descriptor),                                                                   \
            IPF_ABI_MAJOR,                                                                                   \
            IPF_ABI_MINOR,                                                                                   \
            ::ipfacts::detail::DeclaresFlags<Class>::flags(),                                                \
            name,                                                                                            \
            version,                                                                                         \
            description,                                                                                     \
            handlers,                                                                                        \
            sizeof(handlers) / sizeof(handlers[0]),                                                          \
            &::ipfacts::detail::init<Class>,                                                                 \
            &::ipfacts::detail::shutdown<Class>,                                                             \
            openapi,                                                                                         \
            ::ipfacts::detail::Declares<Class>::required(),                                                  \
            ::ipfacts::detail::DeclaresConfig<Class>::keys(),                                                \
            ::ipfacts::detail::DeclaresConfig<Class>::ranges(),                                              \
        };                                                                                                   \
        return &d;                                                                                           \
    }

#endif
