#include "FakeResolver.h"

#include <memory>

// The batch the fake resolver hands out: answers plus the storage their
// views point into.
struct ipf_dns_batch {
    std::vector<ipfacts::DnsAnswer> owned;
    std::vector<std::vector<ipf_dns_record>> records;
    std::vector<ipf_dns_answer> answers;
};

namespace ipfacts::reverse::testing {
namespace {

constexpr char kSource[] = "127.0.0.1:53";

FakeResolver& world(ipf_plugin_ctx* ctx) { return *reinterpret_cast<FakeResolver*>(ctx); }

std::unique_ptr<ipf_dns_batch> makeBatch(std::vector<DnsAnswer> answers) {
    auto batch = std::make_unique<ipf_dns_batch>();
    batch->owned = std::move(answers);
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
        c.error = a.error ? str(*a.error) : ipf_str{nullptr, 0};
        batch->answers.push_back(c);
    }
    return batch;
}

ipf_status resolve(ipf_plugin_ctx* ctx, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
    FakeResolver& w = world(ctx);
    std::vector<DnsQuestion> batch;
    std::vector<DnsAnswer> answers;
    for (size_t i = 0; i < count; ++i) {
        DnsQuestion q{std::string(view(qs[i].name)), std::string(view(qs[i].type))};
        auto it = w.answers.find({q.name, q.type});
        DnsAnswer a;
        if (it != w.answers.end())
            a = it->second;
        else
            a.rcode = 0;
        a.source = kSource;
        answers.push_back(std::move(a));
        batch.push_back(std::move(q));
    }
    w.batches.push_back(std::move(batch));
    if (w.refuses) return IPF_INVALID;
    *out = makeBatch(std::move(answers)).release();
    return IPF_OK;
}
size_t batchSize(const ipf_dns_batch* b) { return b->answers.size(); }
const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i) { return &b->answers[i]; }
void batchFree(ipf_dns_batch* b) { std::unique_ptr<ipf_dns_batch> release(b); }

const ipf_resolver_api kResolver = {sizeof(ipf_resolver_api), resolve, batchSize, batchAnswer, batchFree};

void logLine(ipf_plugin_ctx*, ipf_log_level, ipf_str) {}
int64_t nowMs(ipf_plugin_ctx*) { return 1795373471000; }  // 2026-11-22T18:51:11Z
ipf_str serviceHost(ipf_plugin_ctx*) { return str("ipfacts.example"); }

}  // namespace

FakeResolver::FakeResolver() {
    api_.struct_size = sizeof api_;
    api_.abi_major = IPF_ABI_MAJOR;
    api_.abi_minor = IPF_ABI_MINOR;
    api_.log = logLine;
    api_.now_ms = nowMs;
    api_.service_host = serviceHost;
}

void FakeResolver::set(const std::string& name, const std::string& type, std::vector<std::string> data) {
    DnsAnswer a;
    a.rcode = 0;
    for (std::string& d : data) a.records.push_back({name + ".", type, 300, std::move(d)});
    answers[{name, type}] = std::move(a);
}

void FakeResolver::fail(const std::string& name, const std::string& type, int rcode, std::string error) {
    DnsAnswer a;
    a.rcode = rcode;
    if (rcode < 0) a.error = std::move(error);
    answers[{name, type}] = std::move(a);
}

Host FakeResolver::host() {
    api_.resolver = hasResolver ? &kResolver : nullptr;
    return Host(&api_, reinterpret_cast<ipf_plugin_ctx*>(this));
}

}  // namespace ipfacts::reverse::testing
