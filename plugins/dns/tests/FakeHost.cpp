#include "FakeHost.h"

#include <memory>

// The batch the fake DoH facility hands out: answers plus the storage their
// views point into.
struct ipf_dns_batch {
    std::vector<ipfacts::DnsAnswer> owned;
    std::vector<std::vector<ipf_dns_record>> records;
    std::vector<ipf_dns_answer> answers;
};

namespace ipfacts::dns::testing {
namespace {

FakeHost& world(ipf_plugin_ctx* ctx) { return *reinterpret_cast<FakeHost*>(ctx); }
const FakeHost& world(const ipf_request* req) { return *reinterpret_cast<const FakeHost*>(req); }

ipf_str viewOrNull(const std::optional<std::string>& s) { return s ? str(*s) : ipf_str{nullptr, 0}; }

std::unique_ptr<ipf_dns_batch> makeBatch(const std::vector<DnsAnswer>& answers) {
    auto batch = std::make_unique<ipf_dns_batch>();
    batch->owned = answers;
    for (const DnsAnswer& a : batch->owned) {
        std::vector<ipf_dns_record> records;
        for (const DnsRecord& r : a.records) records.push_back({str(r.name), str(r.type), r.ttl, str(r.data)});
        batch->records.push_back(std::move(records));
    }
    for (size_t i = 0; i < batch->owned.size(); ++i) {
        const DnsAnswer& a = batch->owned[i];
        ipf_dns_answer c{};
        c.source = str(a.source);
        c.rcode = a.rcode;
        c.ad = a.ad ? 1 : 0;
        c.records = batch->records[i].data();
        c.record_count = batch->records[i].size();
        c.error = viewOrNull(a.error);
        c.elapsed_us = a.elapsed_us;
        batch->answers.push_back(c);
    }
    return batch;
}

ipf_status queryAll(ipf_plugin_ctx* ctx, ipf_dns_question q, ipf_dns_batch** out) {
    FakeHost& w = world(ctx);
    w.asked.push_back({std::string(view(q.name)), std::string(view(q.type))});
    if (w.dohRefuses) return IPF_INVALID;
    *out = makeBatch(w.dohAnswers).release();
    return IPF_OK;
}
size_t batchSize(const ipf_dns_batch* b) { return b->answers.size(); }
const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i) { return &b->answers[i]; }
void batchFree(ipf_dns_batch* b) { std::unique_ptr<ipf_dns_batch> release(b); }

const ipf_doh_api kDoh = {sizeof(ipf_doh_api), queryAll, batchSize, batchAnswer, batchFree};

void logLine(ipf_plugin_ctx* ctx, ipf_log_level, ipf_str message) { world(ctx).log.emplace_back(view(message)); }
int64_t nowMs(ipf_plugin_ctx*) { return kFakeNowMs; }
ipf_str serviceHost(ipf_plugin_ctx*) { return str("ipfacts.example"); }

size_t queryCount(const ipf_request* req, ipf_str name) {
    size_t n = 0;
    for (const auto& [k, v] : world(req).query) n += k == view(name) ? 1 : 0;
    return n;
}
ipf_status queryGet(const ipf_request* req, ipf_str name, size_t index, ipf_str* out) {
    for (const auto& [k, v] : world(req).query)
        if (k == view(name) && index-- == 0) {
            *out = str(v);
            return IPF_OK;
        }
    return IPF_NOT_FOUND;
}

}  // namespace

FakeHost::FakeHost() {
    api_.struct_size = sizeof api_;
    api_.abi_major = IPF_ABI_MAJOR;
    api_.abi_minor = IPF_ABI_MINOR;
    api_.log = logLine;
    api_.now_ms = nowMs;
    api_.service_host = serviceHost;
    api_.query_count = queryCount;
    api_.query_get = queryGet;
}

Host FakeHost::host() {
    api_.doh = hasDoh ? &kDoh : nullptr;
    return Host(&api_, reinterpret_cast<ipf_plugin_ctx*>(this));
}

Request FakeHost::request() { return Request(&api_, reinterpret_cast<const ipf_request*>(this)); }

}  // namespace ipfacts::dns::testing
