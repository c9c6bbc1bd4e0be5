#include "host/facilities/dns/DohFacility.h"

#include "host/facilities/dns/DnsBatch.h"

namespace ipfacts::facilities {
namespace {

ipf_status queryAll(ipf_plugin_ctx* ctx, ipf_dns_question q, ipf_dns_batch** out) {
    if (!ctx || !out) return IPF_INVALID;
    const auto* f = facilityOf<DohFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    *out = toBatch(f->client().queryAll(questionOf(q)));
    return IPF_OK;
}

const ipf_doh_api kTable{sizeof(ipf_doh_api), queryAll, batchSize, batchAnswer, batchFree};

std::vector<DohResolver> resolversOf(const manifest::DohSpec& spec) {
    DohClient::globalInit();
    std::vector<DohResolver> rs;
    for (const auto& r : spec.resolvers) rs.push_back({r.name, r.url});
    return rs;
}

}  // namespace

DohFacility::DohFacility(const manifest::DohSpec& spec)
    : client_(resolversOf(spec), spec.timeout_ms, spec.ca_file) {}

void DohFacility::fill(ipf_host_api& api) const { api.doh = &kTable; }

void addDohFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (m.doh) set.add(std::make_unique<DohFacility>(*m.doh));
}

}  // namespace ipfacts::facilities
