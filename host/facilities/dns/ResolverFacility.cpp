#include "host/facilities/dns/ResolverFacility.h"

#include "host/facilities/dns/DnsBatch.h"

namespace ipfacts::facilities {
namespace {

ipf_status resolve(ipf_plugin_ctx* ctx, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
    if (!ctx || !out || (count && !qs)) return IPF_INVALID;
    const auto* f = facilityOf<ResolverFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    std::vector<DnsQuestion> questions;
    questions.reserve(count);
    for (size_t i = 0; i < count; ++i) questions.push_back(questionOf(qs[i]));
    *out = toBatch(f->resolve(questions));
    return IPF_OK;
}

const ipf_resolver_api kTable{sizeof(ipf_resolver_api), resolve, batchSize, batchAnswer, batchFree};

}  // namespace

ResolverFacility::ResolverFacility(const ResolverConfig& spec, std::shared_ptr<UpstreamOutcomes> outcomes)
    : resolver_(spec.servers, spec.timeout_ms, spec.attempts), outcomes_(std::move(outcomes)) {}

std::vector<DnsAnswer> ResolverFacility::resolve(const std::vector<DnsQuestion>& questions) const {
    auto answers = resolver_.resolve(questions);
    // "malformed question" is the caller's, not the server's: not counted.
    if (outcomes_)
        for (const auto& a : answers)
            if (!a.error || *a.error != "malformed question") outcomes_->record("resolver", a.source, a.error ? *a.error : std::string());
    return answers;
}

void ResolverFacility::fill(ipf_host_api& api) const { api.resolver = &kTable; }

void addResolverFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (m.resolver) set.add(std::make_unique<ResolverFacility>(*m.resolver, set.outcomes()));
}

}  // namespace ipfacts::facilities
