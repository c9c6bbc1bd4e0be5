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
    *out = toBatch(f->resolver().resolve(questions));
    return IPF_OK;
}

const ipf_resolver_api kTable{sizeof(ipf_resolver_api), resolve, batchSize, batchAnswer, batchFree};

}  // namespace

ResolverFacility::ResolverFacility(const ResolverConfig& spec)
    : resolver_(spec.servers, spec.timeout_ms, spec.attempts) {}

void ResolverFacility::fill(ipf_host_api& api) const { api.resolver = &kTable; }

void addResolverFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (m.resolver) set.add(std::make_unique<ResolverFacility>(*m.resolver));
}

}  // namespace ipfacts::facilities
