#include "host/facilities/DnsFacilities.h"

#include "host/facilities/doh/DohClient.h"
#include "host/facilities/resolver/StubResolver.h"
#include "host/plugins/HostApi.h"

#include <memory>
#include <vector>

/// What a plugin holds as ipf_dns_batch*: the answers and the C views of them.
struct ipf_dns_batch {
    std::vector<ipfacts::DnsAnswer> answers;
    std::vector<std::vector<ipf_dns_record>> records;
    std::vector<ipf_dns_answer> views;
};

namespace ipfacts::facilities {
namespace {

ipf_str view(const std::string& s) { return ipf_str{s.data(), s.size()}; }

/// Builds the C views once the answers will no longer move.
ipf_dns_batch* toBatch(std::vector<DnsAnswer> answers) {
    auto b = std::make_unique<ipf_dns_batch>();
    b->answers = std::move(answers);
    b->records.resize(b->answers.size());
    for (size_t i = 0; i < b->answers.size(); ++i) {
        const auto& a = b->answers[i];
        for (const auto& r : a.records) b->records[i].push_back({view(r.name), view(r.type), r.ttl, view(r.data)});
        ipf_dns_answer v{};
        v.source = view(a.source);
        v.rcode = a.rcode;
        v.ad = a.ad ? 1 : 0;
        v.records = b->records[i].data();
        v.record_count = b->records[i].size();
        v.error = a.error ? view(*a.error) : ipf_str{nullptr, 0};
        v.elapsed_us = a.elapsed_us;
        b->views.push_back(v);
    }
    return b.release();  // ownership passes to the plugin until batch_free
}

DnsQuestion question(const ipf_dns_question& q) {
    return {std::string(q.name.ptr ? q.name.ptr : "", q.name.len), std::string(q.type.ptr ? q.type.ptr : "", q.type.len)};
}

const plugins::PluginContext* pc(ipf_plugin_ctx* c) { return reinterpret_cast<const plugins::PluginContext*>(c); }

ipf_status resolve(ipf_plugin_ctx* ctx, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
    if (!ctx || !out || (count && !qs)) return IPF_INVALID;
    const StubResolver* r = pc(ctx)->resolver;
    if (!r) return IPF_UNAVAILABLE;
    std::vector<DnsQuestion> questions;
    for (size_t i = 0; i < count; ++i) questions.push_back(question(qs[i]));
    *out = toBatch(r->resolve(questions));
    return IPF_OK;
}

ipf_status queryAll(ipf_plugin_ctx* ctx, ipf_dns_question q, ipf_dns_batch** out) {
    if (!ctx || !out) return IPF_INVALID;
    const DohClient* d = pc(ctx)->doh;
    if (!d) return IPF_UNAVAILABLE;
    *out = toBatch(d->queryAll(question(q)));
    return IPF_OK;
}

size_t batchSize(const ipf_dns_batch* b) { return b ? b->views.size() : 0; }

const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i) {
    return b && i < b->views.size() ? &b->views[i] : nullptr;
}

void batchFree(ipf_dns_batch* b) { std::unique_ptr<ipf_dns_batch> owned(b); }

const ipf_resolver_api kResolver{sizeof(ipf_resolver_api), resolve, batchSize, batchAnswer, batchFree};
const ipf_doh_api kDoh{sizeof(ipf_doh_api), queryAll, batchSize, batchAnswer, batchFree};

}  // namespace

const ipf_resolver_api* resolverApi() { return &kResolver; }
const ipf_doh_api* dohApi() { return &kDoh; }

}  // namespace ipfacts::facilities
