#include "host/facilities/doh/DohFacility.h"

#include "host/facilities/CEntry.h"
#include "host/facilities/dns/DnsBatch.h"

namespace ipfacts::facilities {
namespace {

ipf_status queryAll(ipf_plugin_ctx* ctx, ipf_dns_question q, ipf_dns_batch** out) {
    if (!ctx || !out) return IPF_INVALID;
    const auto* f = facilityOf<DohFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    *out = toBatch(f->queryAll(questionOf(q)));
    return IPF_OK;
}

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_doh_api kTable{sizeof(ipf_doh_api), cEntry<queryAll>, cEntry<batchSize>, cEntry<batchAnswer>,
                         cEntry<batchFree>};

std::vector<DohResolver> resolversOf(const DohConfig& spec) {
    std::vector<DohResolver> rs;
    for (const auto& r : spec.resolvers) rs.push_back({r.name, r.url});
    return rs;
}

/// The guarded client the resolvers are asked through, with the doh section's CA file.
std::shared_ptr<const http::HttpClient> httpClientOf(const DohConfig& spec,
                                                     std::shared_ptr<const guard::AddressGuard> guard) {
    http::HttpClient::globalInit();
    http::HttpClientOptions o;
    o.ca_file = spec.ca_file;
    return std::make_shared<const http::HttpClient>(std::move(guard), o);
}

}  // namespace

DohFacility::DohFacility(const DohConfig& spec, std::shared_ptr<const guard::AddressGuard> guard,
                         std::shared_ptr<UpstreamOutcomes> outcomes)
    : client_(resolversOf(spec), spec.timeout_ms, httpClientOf(spec, std::move(guard))),
      outcomes_(std::move(outcomes)) {}

std::vector<DnsAnswer> DohFacility::queryAll(const DnsQuestion& q) const {
    auto answers = client_.queryAll(q);
    if (outcomes_)
        for (const auto& a : answers) outcomes_->record("doh", a.source, a.error ? *a.error : std::string());
    return answers;
}

void DohFacility::fill(ipf_host_api& api) const { api.doh = &kTable; }

void addDohFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (const auto* config = m.section<DohConfig>())
        set.add(std::make_unique<DohFacility>(*config, set.guard(), set.outcomes()));
}

}  // namespace ipfacts::facilities
