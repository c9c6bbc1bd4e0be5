#include "host/facilities/dns/DnsBatch.h"

#include <memory>

namespace ipfacts::facilities {
namespace {
ipf_str view(const std::string& s) { return ipf_str{s.data(), s.size()}; }
}  // namespace

ipf_dns_batch* toBatch(std::vector<DnsAnswer> answers) {
    auto b = std::make_unique<ipf_dns_batch>();
    b->answers = std::move(answers);
    b->records.resize(b->answers.size());
    // The views point into answers, which no longer move from here on.
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
    return b.release();
}

DnsQuestion questionOf(const ipf_dns_question& q) {
    return {std::string(q.name.ptr ? q.name.ptr : "", q.name.len), std::string(q.type.ptr ? q.type.ptr : "", q.type.len)};
}

size_t batchSize(const ipf_dns_batch* b) { return b ? b->views.size() : 0; }

const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i) {
    return b && i < b->views.size() ? &b->views[i] : nullptr;
}

void batchFree(ipf_dns_batch* b) { std::unique_ptr<ipf_dns_batch> owned(b); }

}  // namespace ipfacts::facilities
