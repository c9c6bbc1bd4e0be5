#include "host/facilities/meters/MetersFacility.h"

#include "host/facilities/CEntry.h"
#include "host/pipeline/Exchange.h"

namespace ipfacts::facilities {
namespace {

ipf_status take(ipf_plugin_ctx* ctx, const ipf_request* req, ipf_str meter, int* allowed, int64_t* remaining,
                int64_t* resets_at) {
    if (!ctx || !req || !allowed) return IPF_INVALID;
    auto* f = facilityOf<MetersFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    // Counted by the caller's block (IPv6 /64), as the quotas are.
    const auto* ex = reinterpret_cast<const pipeline::Exchange*>(req);
    ex->caller_dependent = true;  // what follows reports this caller's allowance
    auto use = f->meters().take(std::string(meter.ptr ? meter.ptr : "", meter.len), ex->caller_block, f->clock().now());
    if (!use) return IPF_NOT_FOUND;
    *allowed = use->allowed ? 1 : 0;
    if (remaining) *remaining = use->remaining;
    if (resets_at) *resets_at = use->resets_at;
    return IPF_OK;
}

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_meters_api kTable{sizeof(ipf_meters_api), cEntry<take>};

}  // namespace

void MetersFacility::fill(ipf_host_api& api) const { api.meters = &kTable; }

void addMetersFacility(FacilitySet& set, const manifest::Manifest& m) {
    const auto* config = m.section<MetersConfig>();
    if (config && !config->per_day.empty())
        set.add(std::make_unique<MetersFacility>(config->per_day, set.clock(), set.tally()));
}

}  // namespace ipfacts::facilities
