#include "host/facilities/http/HttpFacility.h"

#include "host/facilities/CEntry.h"

#include <ipfacts/views.hpp>

#include <cctype>
#include <stdexcept>

/// What a plugin holds as ipf_http_batch*: the replies and their C views,
/// built once by the SDK's field list (ipfacts/fields.h).
struct ipf_http_batch {
    ipfacts::Marshalled<ipfacts::HttpReply> replies;
};

namespace ipfacts::facilities::http {
namespace {

/// The request as the plugin wrote it; 0 and -1 stay for fetchAll's defaults.
HttpRequest requestOf(const ipf_http_request& r) {
    const HttpCallView call(r);
    HttpRequest out;
    if (!call.method().empty()) out.method = std::string(call.method());
    out.url = std::string(call.url());
    for (const HttpHeaderView h : call.headers())
        out.headers.emplace_back(std::string(h.name()), std::string(h.value()));
    out.body = std::string(call.body());
    out.timeout_ms = static_cast<long>(call.timeout_ms());
    out.max_body_bytes = static_cast<size_t>(call.max_body_bytes());
    out.max_redirects = call.max_redirects();
    return out;
}

/// The result as the SDK's reply, its strings moved, not copied.
HttpReply replyOf(HttpResult&& r) {
    HttpReply out;
    out.status = static_cast<int32_t>(r.status);
    out.headers.reserve(r.headers.size());
    for (auto& [n, v] : r.headers) out.headers.push_back({std::move(n), std::move(v)});
    out.body = std::move(r.body);
    out.peer_address = std::move(r.peer_address);
    out.elapsed_ms = r.elapsed_ms;
    out.error = std::move(r.error);
    return out;
}

ipf_http_batch* toBatch(std::vector<HttpResult> results) {
    std::vector<HttpReply> replies;
    replies.reserve(results.size());
    for (HttpResult& r : results) replies.push_back(replyOf(std::move(r)));
    return new ipf_http_batch{Marshalled<HttpReply>(std::move(replies))};
}

ipf_status fetchAllC(ipf_plugin_ctx* ctx, const ipf_http_request* rs, size_t count, ipf_http_batch** out) {
    if (!ctx || !out || (count && !rs)) return IPF_INVALID;
    auto* f = facilityOf<HttpFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    std::vector<HttpRequest> requests;
    requests.reserve(count);
    for (size_t i = 0; i < count; ++i) requests.push_back(requestOf(rs[i]));
    *out = toBatch(f->fetchAll(std::move(requests)));
    return IPF_OK;
}

size_t batchSize(const ipf_http_batch* b) { return b ? b->replies.size() : 0; }
const ipf_http_result* batchResult(const ipf_http_batch* b, size_t i) { return b ? b->replies.at(i) : nullptr; }
void batchFree(ipf_http_batch* b) { std::unique_ptr<ipf_http_batch> owned(b); }

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_http_api kTable{sizeof(ipf_http_api), cEntry<fetchAllC>, cEntry<batchSize>, cEntry<batchResult>,
                          cEntry<batchFree>};

HttpClientOptions optionsOf(const HttpConfig& spec) {
    HttpClient::globalInit();
    HttpClientOptions o;
    o.ca_file = spec.ca_file;
    return o;
}

// Answers the requests whose host did not resolve with why, and drops them from
// `sent` (and their entries from `slot` and `named`, which run beside it).
void unpinnable(const std::vector<std::optional<std::string>>& refused, std::vector<HttpRequest>& sent,
                std::vector<size_t>& slot, std::vector<const UpstreamConfig*>& named,
                std::vector<HttpResult>& results) {
    size_t kept = 0;
    for (size_t k = 0; k < sent.size(); ++k) {
        if (refused[k]) {
            results[slot[k]].error = *refused[k];
            continue;
        }
        if (kept != k) {
            sent[kept] = std::move(sent[k]);
            slot[kept] = slot[k];
            named[kept] = named[k];
        }
        ++kept;
    }
    sent.resize(kept);
    slot.resize(kept);
    named.resize(kept);
}

}  // namespace

HttpFacility::HttpFacility(const HttpConfig& spec, std::shared_ptr<const guard::AddressGuard> guard,
                           const ResolverConfig* resolver, std::shared_ptr<UpstreamOutcomes> outcomes,
                           const ratelimit::ServiceClock& clock, std::shared_ptr<ratelimit::WindowTally> tally)
    : spec_(spec),
      client_(std::move(guard), optionsOf(spec)),
      budget_(spec.upstreams, tally ? std::move(tally) : std::make_shared<ratelimit::LocalWindowTally>()),
      outcomes_(std::move(outcomes)),
      clock_(clock) {
    if (!spec.resolve_with_resolver) return;
    if (!resolver) throw std::runtime_error("http.resolve: resolver needs a resolver: section in the manifest");
    pinned_.emplace(resolver->servers, resolver->timeout_ms, resolver->attempts);
}

void HttpFacility::fill(ipf_host_api& api) const { api.http = &kTable; }

std::vector<HttpResult> HttpFacility::fetchAll(std::vector<HttpRequest> requests) {
    const int64_t now = clock_.now();
    std::vector<HttpResult> results(requests.size());
    std::vector<HttpRequest> sent;
    std::vector<size_t> slot;
    std::vector<const UpstreamConfig*> taken;
    std::vector<const UpstreamConfig*> named;  // of each sent request: its upstream, or null
    for (size_t i = 0; i < requests.size(); ++i) {
        HttpRequest& r = requests[i];
        // Defaults the C caller left open (0 / -1) come from the manifest.
        if (r.timeout_ms <= 0) r.timeout_ms = spec_.timeout_ms;
        if (r.max_body_bytes == 0) r.max_body_bytes = static_cast<size_t>(spec_.max_body_bytes);
        if (r.max_redirects < 0) r.max_redirects = spec_.max_redirects;
        const UpstreamConfig* u = budget_.upstreamOf(hostOfUrl(r.url));
        r.allow_http = u && u->allow_http;
        if (u) {
            if (auto refused = budget_.take(*u, now)) {
                results[i].error = *refused;
                continue;
            }
            taken.push_back(u);
        }
        sent.push_back(std::move(r));
        slot.push_back(i);
        named.push_back(u);
    }
    if (pinned_) unpinnable(pinned_->pin(sent), sent, slot, named, results);
    auto fetched = client_.fetchAll(sent);
    // Only named upstreams are counted: a host a caller named is no upstream of ours.
    if (outcomes_)
        for (size_t k = 0; k < fetched.size(); ++k)
            if (named[k]) outcomes_->record("http", named[k]->name, fetched[k].error);
    for (size_t k = 0; k < fetched.size(); ++k) results[slot[k]] = std::move(fetched[k]);
    for (const auto* u : taken) budget_.release(*u);
    return results;
}

void addHttpFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (const auto* config = m.section<HttpConfig>())
        set.add(std::make_unique<HttpFacility>(*config, set.guard(), m.section<ResolverConfig>(), set.outcomes(),
                                               set.clock(), set.tally()));
}

}  // namespace ipfacts::facilities::http
