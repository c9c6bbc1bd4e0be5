#include "host/facilities/cache/CacheFacility.h"

#include "host/cache/MemoryCache.h"
#include "host/facilities/CEntry.h"

#include <cstdlib>
#include <cstring>

namespace ipfacts::facilities::cache {
namespace {

std::string_view sv(ipf_str s) { return s.ptr ? std::string_view(s.ptr, s.len) : std::string_view(); }

/// A malloc'd copy (never NULL) the plugin releases with value_free.
ipf_str copyOut(const std::string& bytes) {
    char* p = static_cast<char*>(std::malloc(bytes.size() ? bytes.size() : 1));
    if (!p) return ipf_str{nullptr, 0};
    if (!bytes.empty()) std::memcpy(p, bytes.data(), bytes.size());
    return ipf_str{p, bytes.size()};
}

ipf_status getC(ipf_plugin_ctx* ctx, ipf_str key, ipf_str* out) {
    if (!ctx || !out) return IPF_INVALID;
    *out = ipf_str{nullptr, 0};
    auto* f = facilityOf<CacheFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    try {
        auto v = f->backend().get(contextOf(ctx)->plugin, sv(key));
        if (!v) return IPF_NOT_FOUND;
        *out = copyOut(v->bytes);
        return out->ptr ? IPF_OK : IPF_ERROR;
    } catch (...) {
        return IPF_ERROR;
    }
}

ipf_status putC(ipf_plugin_ctx* ctx, ipf_str key, ipf_str value, uint32_t ttl_ms) {
    if (!ctx || ttl_ms == 0) return IPF_INVALID;
    auto* f = facilityOf<CacheFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    try {
        return f->backend().put(contextOf(ctx)->plugin, sv(key), std::string(sv(value)),
                                std::chrono::milliseconds(ttl_ms))
                   ? IPF_OK
                   : IPF_ERROR;
    } catch (...) {
        return IPF_ERROR;
    }
}

void valueFree(const char* p) { std::free(const_cast<char*>(p)); }

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_cache_api kTable{sizeof(ipf_cache_api), cEntry<getC>, cEntry<putC>, cEntry<valueFree>};

}  // namespace

const ipf_cache_api& CacheFacility::table() { return kTable; }

void CacheFacility::fill(ipf_host_api& api) const { api.cache = &kTable; }

std::vector<MetricFamily> CacheFacility::metrics(int64_t /*now_unix*/) const {
    const ipfacts::cache::CacheStats st = backend_->stats();
    auto family = [](const char* name, uint64_t value) {
        return MetricFamily{name, "", "", {{{{"cache", "plugins"}}, double(value)}}};
    };
    // The host's page shows these families with the response cache's; it says their type and help.
    return {family("ipfacts_cache_hits_total", st.hits), family("ipfacts_cache_misses_total", st.misses),
            family("ipfacts_cache_entries", st.entries)};
}

void addCacheFacility(FacilitySet& set, const manifest::Manifest& m) {
    const auto* config = m.section<CacheConfig>();
    if (!config) return;
    // backend: memory is the only one so far (the manifest refuses others).
    set.add(std::make_unique<CacheFacility>(
        std::make_shared<ipfacts::cache::MemoryCache>(static_cast<size_t>(config->max_bytes))));
}

}  // namespace ipfacts::facilities::cache
