#include "host/facilities/dns/ResolverFacility.h"

#include "host/facilities/CEntry.h"
#include "host/facilities/dns/DnsBatch.h"

namespace ipfacts::facilities {
namespace {

ipf_status resolveWith(const ResolverFacility& f, const StubResolver& through, std::string_view name,
                       const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
    std::vector<DnsQuestion> questions;
    questions.reserve(count);
    for (size_t i = 0; i < count; ++i) questions.push_back(questionOf(qs[i]));
    *out = toBatch(f.resolve(through, questions, name));
    return IPF_OK;
}

ipf_status resolve(ipf_plugin_ctx* ctx, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
    if (!ctx || !out || (count && !qs)) return IPF_INVALID;
    const auto* f = facilityOf<ResolverFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    return resolveWith(*f, f->resolver(), {}, qs, count, out);
}

ipf_status resolveNamed(ipf_plugin_ctx* ctx, ipf_str name, const ipf_dns_question* qs, size_t count,
                        ipf_dns_batch** out) {
    if (!ctx || !out || (count && !qs) || (name.len && !name.ptr)) return IPF_INVALID;
    const auto* f = facilityOf<ResolverFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    const std::string_view wanted(name.ptr ? name.ptr : "", name.len);
    const StubResolver* named = f->named(wanted);
    if (!named) return IPF_NOT_FOUND;
    return resolveWith(*f, *named, wanted, qs, count, out);
}

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_resolver_api kTable{sizeof(ipf_resolver_api), cEntry<resolve>,   cEntry<batchSize>,
                              cEntry<batchAnswer>,      cEntry<batchFree>, cEntry<resolveNamed>};

}  // namespace

ResolverFacility::ResolverFacility(const ResolverConfig& spec, std::shared_ptr<UpstreamOutcomes> outcomes)
    : resolver_(spec.servers, spec.timeout_ms, spec.attempts), outcomes_(std::move(outcomes)) {
    for (const auto& [name, s] : spec.named) named_.try_emplace(name, s.servers, s.timeout_ms, s.attempts);
}

const StubResolver* ResolverFacility::named(std::string_view name) const {
    auto it = named_.find(name);
    return it == named_.end() ? nullptr : &it->second;
}

std::vector<DnsAnswer> ResolverFacility::resolve(const StubResolver& through, const std::vector<DnsQuestion>& questions,
                                                 std::string_view name) const {
    auto answers = through.resolve(questions);
    if (!outcomes_) return answers;
    for (const auto& a : answers) {
        // "malformed question" is the caller's, not the server's: not counted.
        if (a.error && *a.error == "malformed question") continue;
        const std::string upstream = name.empty() ? a.source : std::string(name) + " (" + a.source + ")";
        outcomes_->record("resolver", upstream, a.error ? *a.error : std::string());
    }
    return answers;
}

void ResolverFacility::fill(ipf_host_api& api) const { api.resolver = &kTable; }

void addResolverFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (const auto* config = m.section<ResolverConfig>())
        set.add(std::make_unique<ResolverFacility>(*config, set.outcomes()));
}

}  // namespace ipfacts::facilities
