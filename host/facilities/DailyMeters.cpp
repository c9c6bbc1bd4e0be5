#include "host/facilities/DailyMeters.h"

#include "host/pipeline/Exchange.h"
#include "host/plugins/HostApi.h"

#include <ctime>

namespace ipfacts::facilities {

DailyMeters::DailyMeters(const std::map<std::string, int64_t>& per_day) {
    size_t i = 0;
    for (const auto& [name, budget] : per_day) meters_[name] = Meter{i++, budget};
}

std::optional<DailyMeters::Use> DailyMeters::take(const std::string& meter, const net::IpAddress& address) {
    auto it = meters_.find(meter);
    if (it == meters_.end()) return std::nullopt;
    const int64_t now = static_cast<int64_t>(std::time(nullptr));
    manifest::Quota q;
    q.per_day = it->second.per_day;
    auto d = counters_.take(pipeline::RateLimiter::addressKey(it->second.index, address.bytes(), address.size()), q, now);
    if (d.unlimited) return Use{true, 0, (now / 86400 + 1) * 86400};
    return Use{d.allowed, d.remaining, d.reset_unix};
}

namespace {

ipf_status take(ipf_plugin_ctx* ctx, const ipf_request* req, ipf_str meter, int* allowed, int64_t* remaining,
                int64_t* resets_at) {
    if (!ctx || !req || !allowed) return IPF_INVALID;
    DailyMeters* meters = reinterpret_cast<const plugins::PluginContext*>(ctx)->meters;
    if (!meters) return IPF_UNAVAILABLE;
    const auto* ex = reinterpret_cast<const pipeline::Exchange*>(req);
    auto use = meters->take(std::string(meter.ptr ? meter.ptr : "", meter.len), ex->caller_block);
    if (!use) return IPF_NOT_FOUND;
    *allowed = use->allowed ? 1 : 0;
    if (remaining) *remaining = use->remaining;
    if (resets_at) *resets_at = use->resets_at;
    return IPF_OK;
}

const ipf_meters_api kMeters{sizeof(ipf_meters_api), take};

}  // namespace

const ipf_meters_api* metersApi() { return &kMeters; }

}  // namespace ipfacts::facilities
