// A fake ipfactsd for plugin unit tests: one ipf_host_api table whose
// request, response, configuration, address database (netdb), stub
// resolver and DoH facility are plain members a test programs and reads
// back. Header-only; link nothing but the SDK.
//
//   ipfacts::testing::FakeHost fake;
//   fake.query = {{"full", "1"}};
//   fake.dns["7.113.0.203.in-addr.arpa PTR"] = dnsAnswer(0, {{"7.113.0.203.in-addr.arpa.", "PTR", 300, "h.example."}});
//   buildSomething(fake.host(), fake.request());      // C++ layer, or
//   LoadedPlugin p(fake, ipfacts_plugin_v1());        // the C ABI as the host drives it
//   p.call("report");  fake.written.body ...
//
// Not thread-safe: one fake per test, used from the test's thread. The fake
// must outlive every Host, Request, Response and LoadedPlugin made from it.
#pragma once

#include <ipfacts/plugin.hpp>

#include <strings.h>

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::testing {

/// 2026-11-22T18:51:11Z, the clock of every fake: responses are stamped with it.
inline constexpr int64_t kFakeNowMs = 1795373471000;
inline constexpr const char* kFakeCheckedAt = "2026-11-22T18:51:11Z";
/// The resolver address fake answers come from unless a test says otherwise.
inline constexpr const char* kFakeResolverSource = "192.0.2.53:53";

/// An answer with response code `rcode` (0 NOERROR, 3 NXDOMAIN, ...) and
/// the AD flag `ad`.
inline DnsAnswer dnsAnswer(int rcode, std::vector<DnsRecord> records = {},
                           std::string source = kFakeResolverSource, bool ad = false) {
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
        std::string errorToken;    ///< set_error's token; empty when none
        std::string errorMessage;
    };
    Written written;  ///< reset by LoadedPlugin::call before each call

    // ---- the host ----------------------------------------------------------
    std::string serviceHost = "ipfacts.example";
    std::string edge = "ams1";
    std::map<std::string, std::string> config;  ///< config_get and config_path by dotted key (paths as written)
    std::vector<std::string> log;               ///< every log line, any level

    // ---- netdb facility ------------------------------------------------------
    bool hasNetDb = true;                   ///< false: the netdb slot is NULL
    std::map<std::string, NetFacts> netdb;  ///< by address text; an address not here: lookup fails
    int netdbCalls = 0;

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
    bool hasDoh = true;                  ///< false: the doh slot is NULL
    bool dohRefuses = false;             ///< query_all records the question, then returns IPF_INVALID
    std::vector<DnsAnswer> dohAnswers;   ///< what query_all answers, whatever the question
    std::vector<DnsQuestion> dohAsked;   ///< every question query_all received

    /// Batches and facts handed out and not yet released: 0 when the plugin
    /// released everything it was given.
    int openBatches = 0;
    int openFacts = 0;

    // ---- handles -------------------------------------------------------------
    /// The table, with the facility slots as has* say now.
    const ipf_host_api* api() {
        api_.netdb = hasNetDb ? &netdbApi_ : nullptr;
        api_.resolver = hasResolver ? &resolverApi_ : nullptr;
        api_.doh = hasDoh ? &dohApi_ : nullptr;
        return &api_;
    }
    ipf_plugin_ctx* ctx() { return reinterpret_cast<ipf_plugin_ctx*>(this); }
    const ipf_request* requestHandle() { return reinterpret_cast<const ipf_request*>(this); }
    ipf_response* responseHandle() { return reinterpret_cast<ipf_response*>(this); }

    Host host() { return Host(api(), ctx()); }
    Request request() { return Request(api(), requestHandle()); }
    Response response() { return Response(api(), responseHandle()); }

private:
    // What a batch handle points to.
    struct Batch {
        FakeHost* owner;
        std::vector<DnsAnswer> owned;
        std::vector<std::vector<ipf_dns_record>> records;
        std::vector<ipf_dns_answer> answers;
    };
    // What a facts pointer points into; derived, so static_cast gets back here.
    struct Facts : ipf_netdb_facts {
        FakeHost* owner = nullptr;
        NetFacts copy;  // the strings the views point into
    };

    static FakeHost& of(ipf_plugin_ctx* c) { return *reinterpret_cast<FakeHost*>(c); }
    static FakeHost& of(const ipf_request* r) { return *reinterpret_cast<FakeHost*>(const_cast<ipf_request*>(r)); }
    static FakeHost& of(ipf_response* r) { return *reinterpret_cast<FakeHost*>(r); }
    static Batch& of(const ipf_dns_batch* b) { return *reinterpret_cast<Batch*>(const_cast<ipf_dns_batch*>(b)); }
    static std::string text(ipf_str s) { return std::string(view(s)); }
    static ipf_str optStr(const std::optional<std::string>& s) { return s ? str(*s) : ipf_str{nullptr, 0}; }

    ipf_dns_batch* handOut(std::vector<DnsAnswer> answers) {
        auto* b = new Batch{this, std::move(answers), {}, {}};
        for (const DnsAnswer& a : b->owned) {
            std::vector<ipf_dns_record>& rs = b->records.emplace_back();
            for (const DnsRecord& r : a.records) rs.push_back({str(r.name), str(r.type), r.ttl, str(r.data)});
        }
        for (size_t i = 0; i < b->owned.size(); ++i) {
            const DnsAnswer& a = b->owned[i];
            ipf_dns_answer c{};
            c.source = str(a.source);
            c.rcode = a.rcode;
            c.ad = a.ad ? 1 : 0;
            c.records = b->records[i].data();
            c.record_count = b->records[i].size();
            c.error = optStr(a.error);
            c.elapsed_us = a.elapsed_us;
            b->answers.push_back(c);
        }
        ++openBatches;
        return reinterpret_cast<ipf_dns_batch*>(b);
    }

    static size_t batchSize(const ipf_dns_batch* b) { return of(b).answers.size(); }
    static const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i) { return &of(b).answers.at(i); }
    static void batchFree(ipf_dns_batch* b) {
        Batch* batch = &of(b);
        --batch->owner->openBatches;
        delete batch;
    }

    static ipf_status resolve(ipf_plugin_ctx* c, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
        FakeHost& f = of(c);
        ++f.resolveCalls;
        std::vector<DnsQuestion>& batch = f.batches.emplace_back();
        std::vector<DnsAnswer> answers;
        for (size_t i = 0; i < count; ++i) {
            DnsQuestion q{text(qs[i].name), text(qs[i].type)};
            auto it = f.dns.find(q.name + " " + q.type);
            answers.push_back(it != f.dns.end() ? it->second : f.unlisted);
            f.asked.push_back(q);
            batch.push_back(std::move(q));
        }
        if (f.resolverRefuses) return IPF_INVALID;
        *out = f.handOut(std::move(answers));
        return IPF_OK;
    }

    static ipf_status queryAll(ipf_plugin_ctx* c, ipf_dns_question q, ipf_dns_batch** out) {
        FakeHost& f = of(c);
        f.dohAsked.push_back({text(q.name), text(q.type)});
        if (f.dohRefuses) return IPF_INVALID;
        *out = f.handOut(f.dohAnswers);
        return IPF_OK;
    }

    static ipf_status netdbLookup(ipf_plugin_ctx* c, ipf_str address, const ipf_netdb_facts** out) {
        FakeHost& f = of(c);
        ++f.netdbCalls;
        auto it = f.netdb.find(text(address));
        if (it == f.netdb.end()) return IPF_ERROR;
        auto* h = new Facts();
        h->owner = &f;
        h->copy = it->second;
        const NetFacts& n = h->copy;
        h->struct_size = sizeof(ipf_netdb_facts);
        h->version = static_cast<uint8_t>(n.version);
        h->routable = n.routable;
        h->has_location = n.latitude && n.longitude;
        h->address = str(n.address), h->kind = str(n.kind), h->rfc = optStr(n.rfc);
        h->description = str(n.description);
        h->city = optStr(n.city), h->region = optStr(n.region), h->region_code = optStr(n.region_code);
        h->country = optStr(n.country), h->country_name = optStr(n.country_name);
        h->continent = optStr(n.continent), h->postal = optStr(n.postal);
        h->latitude = n.latitude.value_or(0), h->longitude = n.longitude.value_or(0);
        h->timezone = optStr(n.timezone), h->local_time = optStr(n.local_time);
        h->geo_accuracy = optStr(n.geo_accuracy);
        h->asn = n.asn.value_or(-1);
        h->as_name = optStr(n.as_name), h->as_domain = optStr(n.as_domain), h->isp = optStr(n.isp);
        h->rir = str(n.rir), h->connection_type = str(n.connection_type);
        ++f.openFacts;
        *out = h;
        return IPF_OK;
    }
    static void factsFree(const ipf_netdb_facts* facts) {
        const Facts* h = static_cast<const Facts*>(facts);
        --h->owner->openFacts;
        delete h;
    }

    static ipf_status lookUp(const std::map<std::string, std::string>& m, ipf_str key, ipf_str* out) {
        auto it = m.find(text(key));
        if (it == m.end()) return IPF_NOT_FOUND;
        *out = str(it->second);
        return IPF_OK;
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
        a.now_ms = [](ipf_plugin_ctx*) { return kFakeNowMs; };

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

        a.request_url = [](const ipf_request* r) { return str(of(r).url); };
        a.may_block = [](const ipf_request* r) { return of(r).mayBlock ? 1 : 0; };

        netdbApi_.struct_size = sizeof netdbApi_;
        netdbApi_.lookup = netdbLookup;
        netdbApi_.facts_free = factsFree;
        resolverApi_ = {sizeof(ipf_resolver_api), resolve, batchSize, batchAnswer, batchFree};
        dohApi_ = {sizeof(ipf_doh_api), queryAll, batchSize, batchAnswer, batchFree};
    }

    ipf_host_api api_{};
    ipf_netdb_api netdbApi_{};
    ipf_resolver_api resolverApi_{};
    ipf_doh_api dohApi_{};
};

/// A plugin initialised against a FakeHost through its C descriptor, as the
/// host loads it (pass `ipfacts_plugin_v1()` of a plugin compiled into the
/// test); shut down when this goes. Throws std::runtime_error when init fails.
class LoadedPlugin {
public:
    LoadedPlugin(FakeHost& fake, const ipf_plugin_descriptor* descriptor) : fake_(fake), d_(descriptor) {
        char err[256] = "";
        if (d_->init(fake_.api(), fake_.ctx(), &state_, err, sizeof err) != IPF_OK)
            throw std::runtime_error(std::string("plugin init failed: ") + err);
    }
    ~LoadedPlugin() { d_->shutdown(state_); }
    LoadedPlugin(const LoadedPlugin&) = delete;
    LoadedPlugin& operator=(const LoadedPlugin&) = delete;

    /// The registration of handler `name`; throws std::out_of_range when there is none.
    const ipf_handler_def& handler(std::string_view name) const {
        for (size_t i = 0; i < d_->handler_count; ++i)
            if (name == d_->handlers[i].name) return d_->handlers[i];
        throw std::out_of_range("no handler named " + std::string(name));
    }

    /// Calls handler `name` with the fake's request; what it writes lands in
    /// fake.written (cleared first). Returns what the handler returned.
    ipf_status call(std::string_view name) {
        fake_.written = FakeHost::Written{};
        fake_.api();  // the slots as the fake's flags say now
        return handler(name).fn(state_, fake_.requestHandle(), fake_.responseHandle());
    }

private:
    FakeHost& fake_;
    const ipf_plugin_descriptor* d_;
    void* state_ = nullptr;
};

}  // namespace ipfacts::testing
