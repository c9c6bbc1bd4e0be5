// A fake ipfactsd for plugin unit tests: one ipf_host_api table whose
// request, response, configuration, log, clock and every facility are plain
// members a test programs and reads back. Header-only; it needs nothing but
// the SDK (no test framework, no network, no files). The plugin author's
// guide (sdk/README.md, "Test one") walks through it.
//
//   ipfacts::testing::FakeHost fake;
//   fake.query = {{"full", "1"}};
//   fake.answer("example.com", "AAAA", {"2001:db8::1"});                    // resolver
//   fake.http.respond("GET", "https://up.example/x.json", 200, "{...}");    // http
//   LoadedPlugin p(fake, ipfacts_plugin_v1());   // the C ABI, as the host drives it
//   p.call("report");                             // fake.written.status, .body ...
//   fake.clock.advance(std::chrono::minutes(5));  // cache and store TTLs run on this clock
//
// Facilities: netdb (`netdb`), resolver (`dns`, `answer`, `fail`; named resolvers
// `namedResolvers`, since 1.5), doh
// (`dohAnswers`), meters (`meters`), http (`http`), cache (`cache`), store
// (`store`), connect (`connect`, TLS probes), tasks (`tasks`: run them with
// `tasks.run(name)` or `tasks.runDue()`), privacy (`privacy`, flags by
// address); each slot is set unless its
// has* flag is false. The cache and
// store keep each plugin's keys apart like the host: a LoadedPlugin uses its
// descriptor's name as its namespace, fake.host() uses `pluginName`.
//
// Not thread-safe: one fake per test, used from the test's thread. The fake
// must outlive every Host, Request, Response and LoadedPlugin made from it.
#ifndef IPFACTS_TESTING_FAKEHOST_HPP
#define IPFACTS_TESTING_FAKEHOST_HPP

#include <ipfacts/netdb_wanted.hpp>
#include <ipfacts/plugin.hpp>
#include <ipfacts/testing/FakeCache.hpp>
#include <ipfacts/testing/FakeConnect.hpp>
#include <ipfacts/testing/FakeHttp.hpp>
#include <ipfacts/testing/FakeMeters.hpp>
#include <ipfacts/testing/FakePrivacy.hpp>
#include <ipfacts/testing/FakeStore.hpp>
#include <ipfacts/testing/FakeSupport.hpp>
#include <ipfacts/testing/FakeTasks.hpp>

#include <strings.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::testing {

/// The resolver address fake answers come from unless a test says otherwise.
inline constexpr const char* kFakeResolverSource = "192.0.2.53:53";

/// An answer with response code `rcode` (0 NOERROR, 3 NXDOMAIN, ...) and
/// the AD flag `ad`.
inline DnsAnswer dnsAnswer(int rcode, std::vector<DnsRecord> records = {}, std::string source = kFakeResolverSource,
                           bool ad = false) {
    DnsAnswer a;
    a.source = std::move(source);
    a.rcode = rcode;
    a.ad = ad;
    a.records = std::move(records);
    return a;
}

/// No response at all: rcode -1 and the facility's `error` ("timeout").
inline DnsAnswer dnsNoResponse(std::string error = "timeout", std::string source = kFakeResolverSource) {
    DnsAnswer a = dnsAnswer(-1, {}, std::move(source));
    a.error = std::move(error);
    return a;
}

class FakeHost {
public:
    FakeHost() { wire(); }
    FakeHost(const FakeHost&) = delete;
    FakeHost& operator=(const FakeHost&) = delete;

    // ---- the request (valid for every handler call) --------------------
    std::string method = "GET";
    std::string path = "/";
    std::string target = "/";  ///< path and query as received
    std::string url = "https://ipfacts.example/";
    std::string clientAddress = "203.0.113.7";
    std::string peerAddress = "203.0.113.7";
    std::optional<std::string> keyIdentity;  ///< nullopt: anonymous
    std::string protocol = "HTTP/1.1";
    std::string tls = "TLSv1.3";
    int64_t rttUs = 12345;
    std::vector<std::pair<std::string, std::string>> headers;  ///< name, value, in received order
    std::vector<std::pair<std::string, std::string>> query;    ///< name, value, in order; repeats allowed
    std::map<std::string, std::string> pathParams;
    /// What may_block answers: true on a worker thread (the default), false
    /// on the event loop, where a NONBLOCKING handler must defer instead.
    bool mayBlock = true;

    // ---- the response, as the handler wrote it ---------------------------
    struct Written {
        int status = 200;
        std::vector<std::pair<std::string, std::string>> headers;
        std::string contentType;
        std::string body;
        std::string errorToken;  ///< set_error's token; empty when none
        std::string errorMessage;
        bool transient = false;  ///< set_transient was called (Response::transient)
    };
    Written written;  ///< reset by LoadedPlugin::call before each call

    // ---- the host ----------------------------------------------------------
    std::string serviceHost = "ipfacts.example";
    std::string edge = "ams1";
    std::map<std::string, std::string> config;  ///< config_get and config_path by dotted key (paths as written)
    std::vector<std::string> log;               ///< every log line, any level
    /// now_ms, and the clock of every TTL. Starts at kFakeNowMs.
    FakeClock clock;
    /// The namespace of fake.host()'s cache and store keys; a LoadedPlugin
    /// uses its descriptor's name instead, as the host does.
    std::string pluginName = "plugin";

    // ---- netdb facility ------------------------------------------------------
    bool hasNetDb = true;                   ///< false: the netdb slot is NULL
    std::map<std::string, NetFacts> netdb;  ///< by address text; an address not here: lookup fails
    int netdbCalls = 0;
    std::vector<uint32_t> netdbWantedAsked;  ///< `wanted` of each lookup_wanted call (ABI 1.6)

    // ---- resolver facility -------------------------------------------------
    bool hasResolver = true;       ///< false: the resolver slot is NULL
    bool resolverRefuses = false;  ///< resolve records the questions, then returns IPF_INVALID
    /// Answers by "name TYPE" ("example.com AAAA"), the name as asked.
    std::map<std::string, DnsAnswer> dns;
    /// The answer to a question `dns` does not list; dnsAnswer(0) makes
    /// those NOERROR with no records instead.
    DnsAnswer unlisted = dnsNoResponse();
    std::vector<DnsQuestion> asked;                 ///< every question resolve received, in order
    std::vector<std::vector<DnsQuestion>> batches;  ///< the questions of each resolve call
    int resolveCalls = 0;
    /// Since 1.5: the resolver.named names resolve_named knows (it answers from `dns` like
    /// resolve); another name is IPF_NOT_FOUND.
    std::vector<std::string> namedResolvers = {"blocklists"};
    /// The resolver of each entry of `batches`: "" for resolve, the name for resolve_named.
    std::vector<std::string> batchResolvers;

    /// Sets the answer to (name, type): NOERROR, one record per datum, TTL 300.
    void answer(const std::string& name, const std::string& type, std::vector<std::string> data) {
        DnsAnswer a = dnsAnswer(0);
        for (std::string& d : data) a.records.push_back({name + ".", type, 300, std::move(d)});
        dns[name + " " + type] = std::move(a);
    }
    /// Sets the answer to (name, type): no records and response code `rcode`,
    /// or no response at all with `error` when rcode is -1.
    void fail(const std::string& name, const std::string& type, int rcode, std::string error = "timeout") {
        dns[name + " " + type] = rcode < 0 ? dnsNoResponse(std::move(error)) : dnsAnswer(rcode);
    }

    // ---- doh facility --------------------------------------------------------
    bool hasDoh = true;                 ///< false: the doh slot is NULL
    bool dohRefuses = false;            ///< query_all records the question, then returns IPF_INVALID
    std::vector<DnsAnswer> dohAnswers;  ///< what query_all answers, whatever the question
    std::vector<DnsQuestion> dohAsked;  ///< every question query_all received

    /// DNS batches and facts handed out and not yet released: 0 when the
    /// plugin released everything it was given.
    int openBatches = 0;
    int openFacts = 0;

    // ---- meters, http, cache, store ------------------------------------------
    bool hasMeters = true;  ///< false: the meters slot is NULL
    FakeMeters meters{clock};
    bool hasHttp = true;  ///< false: the http slot is NULL
    FakeHttp http;
    bool hasCache = true;  ///< false: the cache slot is NULL
    FakeCache cache{clock};
    bool hasStore = true;  ///< false: the store slot is NULL
    FakeStore store{clock};
    bool hasConnect = true;  ///< false: the connect slot is NULL
    FakeConnect connect;
    bool hasTasks = true;  ///< false: the tasks slot is NULL
    FakeTasks tasks{clock};
    bool hasPrivacy = true;  ///< false: the privacy slot is NULL
    FakePrivacy privacy;

    // ---- handles -------------------------------------------------------------
    /// The table, with the facility slots as has* say now.
    const ipf_host_api* api() {
        api_.netdb = hasNetDb ? &netdbApi_ : nullptr;
        api_.resolver = hasResolver ? &resolverApi_ : nullptr;
        api_.doh = hasDoh ? &dohApi_ : nullptr;
        api_.meters = hasMeters ? &metersApi_ : nullptr;
        api_.http = hasHttp ? &httpApi_ : nullptr;
        api_.cache = hasCache ? &cacheApi_ : nullptr;
        api_.store = hasStore ? &storeApi_ : nullptr;
        api_.connect = hasConnect ? &connectApi_ : nullptr;
        api_.tasks = hasTasks ? &tasksApi_ : nullptr;
        api_.privacy = hasPrivacy ? &privacyApi_ : nullptr;
        return &api_;
    }
    /// The plugin handle of fake.host(): its cache and store namespace is pluginName.
    ipf_plugin_ctx* ctx() { return context_.handle(); }
    const ipf_request* requestHandle() { return reinterpret_cast<const ipf_request*>(this); }
    ipf_response* responseHandle() { return reinterpret_cast<ipf_response*>(this); }

    Host host() { return Host(api(), ctx()); }
    Request request() { return Request(api(), requestHandle()); }
    Response response() { return Response(api(), responseHandle()); }

    /// A plugin handle of its own: what one loaded plugin sees, with the
    /// namespace `space` for its cache and store keys (LoadedPlugin makes one).
    class Context {
    public:
        Context(FakeHost& host, std::string space) : host_(host), space_(std::move(space)) {}
        ipf_plugin_ctx* handle() { return reinterpret_cast<ipf_plugin_ctx*>(this); }
        FakeHost& host() const { return host_; }
        const std::string& space() const { return followsPluginName_ ? host_.pluginName : space_; }

    private:
        friend class FakeHost;
        explicit Context(FakeHost& host) : host_(host), followsPluginName_(true) {}

        FakeHost& host_;
        std::string space_;
        bool followsPluginName_ = false;
    };

private:
    // What a facts pointer points into; derived, so static_cast gets back here.
    struct LentFacts : ipf_netdb_facts {
        FakeHost* owner = nullptr;
        NetFacts copy;  // the strings the views point into
    };

    static Context& contextOf(ipf_plugin_ctx* c) { return *reinterpret_cast<Context*>(c); }
    static FakeHost& of(ipf_plugin_ctx* c) { return contextOf(c).host(); }
    static const std::string& spaceOf(ipf_plugin_ctx* c) { return contextOf(c).space(); }
    static FakeHost& of(const ipf_request* r) { return *reinterpret_cast<FakeHost*>(const_cast<ipf_request*>(r)); }
    static FakeHost& of(ipf_response* r) { return *reinterpret_cast<FakeHost*>(r); }
    static std::string text(ipf_str s) { return std::string(view(s)); }
    static ipf_str optStr(const std::optional<std::string>& s) { return s ? str(*s) : ipf_str{nullptr, 0}; }

    static size_t dnsBatchSize(const ipf_dns_batch* b) { return detail::lentSize<ipf_dns_batch, DnsAnswer>(b); }
    static const ipf_dns_answer* dnsBatchAnswer(const ipf_dns_batch* b, size_t i) {
        return detail::lentItem<ipf_dns_batch, DnsAnswer>(b, i);
    }
    static void dnsBatchFree(ipf_dns_batch* b) { detail::lentFree<ipf_dns_batch, DnsAnswer>(b); }

    static ipf_status resolve(ipf_plugin_ctx* c, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
        return resolveThrough(c, "", qs, count, out);
    }

    static ipf_status resolveNamed(ipf_plugin_ctx* c, ipf_str name, const ipf_dns_question* qs, size_t count,
                                   ipf_dns_batch** out) {
        FakeHost& f = of(c);
        const std::string n = text(name);
        if (n.empty() || std::find(f.namedResolvers.begin(), f.namedResolvers.end(), n) == f.namedResolvers.end())
            return IPF_NOT_FOUND;
        return resolveThrough(c, n, qs, count, out);
    }

    static ipf_status resolveThrough(ipf_plugin_ctx* c, const std::string& resolver, const ipf_dns_question* qs,
                                     size_t count, ipf_dns_batch** out) {
        FakeHost& f = of(c);
        ++f.resolveCalls;
        f.batchResolvers.push_back(resolver);
        std::vector<DnsQuestion>& batch = f.batches.emplace_back();
        std::vector<DnsAnswer> answers;
        for (size_t i = 0; i < count; ++i) {
            DnsQuestion q = DnsQuestionView(qs[i]).keep();
            auto it = f.dns.find(q.name + " " + q.type);
            answers.push_back(it != f.dns.end() ? it->second : f.unlisted);
            f.asked.push_back(q);
            batch.push_back(std::move(q));
        }
        if (f.resolverRefuses) return IPF_INVALID;
        *out = detail::lend<ipf_dns_batch>(std::move(answers), f.openBatches);
        return IPF_OK;
    }

    static ipf_status queryAll(ipf_plugin_ctx* c, ipf_dns_question q, ipf_dns_batch** out) {
        FakeHost& f = of(c);
        f.dohAsked.push_back(DnsQuestionView(q).keep());
        if (f.dohRefuses) return IPF_INVALID;
        *out = detail::lend<ipf_dns_batch>(f.dohAnswers, f.openBatches);
        return IPF_OK;
    }

    static ipf_status netdbLookup(ipf_plugin_ctx* c, ipf_str address, const ipf_netdb_facts** out) {
        return lendFacts(of(c), address, IPF_NETDB_WANT_ALL, out);
    }
    /// As a host of 1.6: the groups not wanted read as unknown (ipfacts/netdb_wanted.hpp).
    static ipf_status netdbLookupWanted(ipf_plugin_ctx* c, ipf_str address, uint32_t wanted,
                                        const ipf_netdb_facts** out) {
        of(c).netdbWantedAsked.push_back(wanted);
        return lendFacts(of(c), address, wanted, out);
    }
    static ipf_status lendFacts(FakeHost& f, ipf_str address, uint32_t wanted, const ipf_netdb_facts** out) {
        ++f.netdbCalls;
        auto it = f.netdb.find(text(address));
        if (it == f.netdb.end()) return IPF_ERROR;
        auto* h = new LentFacts();
        h->owner = &f;
        h->copy = onlyWanted(it->second, wanted);
        fields::Arena none;  // ipf_netdb_facts points to no arrays
        fill(h->copy, *h, none);
        ++f.openFacts;
        *out = h;
        return IPF_OK;
    }
    static void factsFree(const ipf_netdb_facts* facts) {
        const LentFacts* h = static_cast<const LentFacts*>(facts);
        --h->owner->openFacts;
        delete h;
    }

    static ipf_status lookUp(const std::map<std::string, std::string>& m, ipf_str key, ipf_str* out) {
        auto it = m.find(text(key));
        if (it == m.end()) return IPF_NOT_FOUND;
        *out = str(it->second);
        return IPF_OK;
    }

    void wireRequest(ipf_host_api& a) {
        a.request_method = [](const ipf_request* r) { return str(of(r).method); };
        a.request_path = [](const ipf_request* r) { return str(of(r).path); };
        a.request_target = [](const ipf_request* r) { return str(of(r).target); };
        a.path_param = [](const ipf_request* r, ipf_str n, ipf_str* out) { return lookUp(of(r).pathParams, n, out); };
        a.query_count = [](const ipf_request* r, ipf_str name) {
            size_t n = 0;
            for (const auto& kv : of(r).query) n += kv.first == view(name) ? 1 : 0;
            return n;
        };
        a.query_get = [](const ipf_request* r, ipf_str name, size_t index, ipf_str* out) {
            for (const auto& [k, v] : of(r).query)
                if (k == view(name) && index-- == 0) {
                    *out = str(v);
                    return IPF_OK;
                }
            return IPF_NOT_FOUND;
        };
        a.header_count = [](const ipf_request* r) { return of(r).headers.size(); };
        a.header_at = [](const ipf_request* r, size_t i, ipf_str* name, ipf_str* value) {
            if (i >= of(r).headers.size()) return IPF_NOT_FOUND;
            *name = str(of(r).headers[i].first);
            *value = str(of(r).headers[i].second);
            return IPF_OK;
        };
        a.header_get = [](const ipf_request* r, ipf_str name, ipf_str* out) {
            for (const auto& [k, v] : of(r).headers)
                if (k.size() == name.len && strncasecmp(k.data(), name.ptr, name.len) == 0) {
                    *out = str(v);
                    return IPF_OK;
                }
            return IPF_NOT_FOUND;
        };
        a.client_address = [](const ipf_request* r) { return str(of(r).clientAddress); };
        a.peer_address = [](const ipf_request* r) { return str(of(r).peerAddress); };
        a.key_identity = [](const ipf_request* r) { return optStr(of(r).keyIdentity); };
        a.protocol = [](const ipf_request* r) { return str(of(r).protocol); };
        a.tls_version = [](const ipf_request* r) { return str(of(r).tls); };
        a.rtt_us = [](const ipf_request* r) { return of(r).rttUs; };
        a.request_url = [](const ipf_request* r) { return str(of(r).url); };
        a.may_block = [](const ipf_request* r) { return of(r).mayBlock ? 1 : 0; };
    }

    void wireResponse(ipf_host_api& a) {
        a.set_status = [](ipf_response* r, int status) { of(r).written.status = status; };
        a.add_header = [](ipf_response* r, ipf_str n, ipf_str v) {
            of(r).written.headers.emplace_back(text(n), text(v));
            return IPF_OK;
        };
        a.set_body = [](ipf_response* r, ipf_str type, ipf_str body) {
            of(r).written.contentType = text(type);
            of(r).written.body = text(body);
        };
        a.set_error = [](ipf_response* r, int status, ipf_str token, ipf_str message) {
            Written& w = of(r).written;
            w.status = status;
            w.errorToken = text(token);
            w.errorMessage = text(message);
        };
        a.set_transient = [](ipf_response* r) { of(r).written.transient = true; };
    }

    void wireFacilities() {
        netdbApi_ = {sizeof(ipf_netdb_api), netdbLookup, factsFree, netdbLookupWanted};
        resolverApi_ = {sizeof(ipf_resolver_api), resolve, dnsBatchSize, dnsBatchAnswer, dnsBatchFree, resolveNamed};
        dohApi_ = {sizeof(ipf_doh_api), queryAll, dnsBatchSize, dnsBatchAnswer, dnsBatchFree};
        metersApi_.struct_size = sizeof metersApi_;
        metersApi_.take = [](ipf_plugin_ctx* c, const ipf_request* req, ipf_str meter, int* allowed, int64_t* remaining,
                             int64_t* resetsAt) {
            return of(c).meters.take(view(meter), of(req).clientAddress, allowed, remaining, resetsAt);
        };
        httpApi_.struct_size = sizeof httpApi_;
        httpApi_.fetch_all = [](ipf_plugin_ctx* c, const ipf_http_request* rs, size_t count, ipf_http_batch** out) {
            return of(c).http.fetchAll(rs, count, out);
        };
        httpApi_.batch_size = FakeHttp::batchSize;
        httpApi_.batch_result = FakeHttp::batchResult;
        httpApi_.batch_free = FakeHttp::batchFree;
        cacheApi_.struct_size = sizeof cacheApi_;
        cacheApi_.get = [](ipf_plugin_ctx* c, ipf_str key, ipf_str* out) {
            return of(c).cache.get(spaceOf(c), view(key), out);
        };
        cacheApi_.put = [](ipf_plugin_ctx* c, ipf_str key, ipf_str value, uint32_t ttlMs) {
            return of(c).cache.put(spaceOf(c), view(key), view(value), ttlMs);
        };
        cacheApi_.value_free = detail::freeCopy;
        storeApi_.struct_size = sizeof storeApi_;
        storeApi_.get = [](ipf_plugin_ctx* c, ipf_str key, ipf_str* out) {
            return of(c).store.get(spaceOf(c), view(key), out);
        };
        storeApi_.put = [](ipf_plugin_ctx* c, ipf_str key, ipf_str value, uint64_t ttlMs) {
            return of(c).store.put(spaceOf(c), view(key), view(value), ttlMs);
        };
        storeApi_.incr = [](ipf_plugin_ctx* c, ipf_str key, int64_t delta, uint64_t ttlMs, int64_t* out) {
            return of(c).store.incr(spaceOf(c), view(key), delta, ttlMs, out);
        };
        storeApi_.value_free = detail::freeCopy;
        connectApi_.struct_size = sizeof connectApi_;
        connectApi_.tls_probe_all = [](ipf_plugin_ctx* c, const ipf_tls_probe_request* rs, size_t count,
                                       ipf_tls_probe_batch** out) { return of(c).connect.probeAll(rs, count, out); };
        connectApi_.batch_size = FakeConnect::batchSize;
        connectApi_.batch_result = FakeConnect::batchResult;
        connectApi_.batch_free = FakeConnect::batchFree;
        tasksApi_.struct_size = sizeof tasksApi_;
        tasksApi_.every = [](ipf_plugin_ctx* c, const ipf_task* task) { return of(c).tasks.every(spaceOf(c), task); };
        connectApi_.tcp_exchange_all = [](ipf_plugin_ctx* c, const ipf_tcp_exchange_request* rs, size_t count,
                                          ipf_tcp_exchange_batch** out) {
            return of(c).connect.exchangeAll(rs, count, out);
        };
        connectApi_.exchange_batch_size = FakeConnect::exchangeBatchSize;
        connectApi_.exchange_batch_result = FakeConnect::exchangeBatchResult;
        connectApi_.exchange_batch_free = FakeConnect::exchangeBatchFree;
        privacyApi_.struct_size = sizeof privacyApi_;
        privacyApi_.lookup = [](ipf_plugin_ctx* c, ipf_str address, const ipf_privacy_facts** out) {
            return of(c).privacy.lookup(view(address), out);
        };
        privacyApi_.facts_free = FakePrivacy::release;
    }

    void wire() {
        ipf_host_api& a = api_;
        a.struct_size = sizeof a;
        a.abi_major = IPF_ABI_MAJOR;
        a.abi_minor = IPF_ABI_MINOR;
        a.log = [](ipf_plugin_ctx* c, ipf_log_level, ipf_str m) { of(c).log.push_back(text(m)); };
        a.config_get = [](ipf_plugin_ctx* c, ipf_str k, ipf_str* out) { return lookUp(of(c).config, k, out); };
        a.config_path = [](ipf_plugin_ctx* c, ipf_str k, ipf_str* out) { return lookUp(of(c).config, k, out); };
        a.service_host = [](ipf_plugin_ctx* c) { return str(of(c).serviceHost); };
        a.edge = [](ipf_plugin_ctx* c) { return str(of(c).edge); };
        a.now_ms = [](ipf_plugin_ctx* c) { return of(c).clock.nowMs; };
        wireRequest(a);
        wireResponse(a);
        wireFacilities();
    }

    Context context_{*this};
    ipf_host_api api_{};
    ipf_netdb_api netdbApi_{};
    ipf_resolver_api resolverApi_{};
    ipf_doh_api dohApi_{};
    ipf_meters_api metersApi_{};
    ipf_http_api httpApi_{};
    ipf_cache_api cacheApi_{};
    ipf_store_api storeApi_{};
    ipf_connect_api connectApi_{};
    ipf_tasks_api tasksApi_{};
    ipf_privacy_api privacyApi_{};
};

}  // namespace ipfacts::testing

#include <ipfacts/testing/LoadedPlugin.hpp>

#endif
