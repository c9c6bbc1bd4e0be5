#include "host/facilities/cache/CacheFacility.h"

#include "host/facilities/CEntry.h"
#include "host/facilities/cache/MemoryCache.h"

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

void addCacheFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (!m.cache) return;
    // backend: memory is the only one so far (the manifest refuses others).
    set.add(std::make_unique<CacheFacility>(std::make_shared<MemoryCache>(static_cast<size_t>(m.cache->max_bytes))));
}

}  // namespace ipfacts::facilities::cache
