#include "host/facilities/store/StoreFacility.h"

#include "host/facilities/CEntry.h"
#include "host/store/StoreBackend.h"

#include "host/store/sqlite/SqliteStore.h"

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace ipfacts::facilities::store {
namespace {

std::string_view sv(ipf_str s) { return s.ptr ? std::string_view(s.ptr, s.len) : std::string_view(); }

// TTLs past this (about 292 years in ms / 1000) would overflow now + ttl.
constexpr uint64_t kMaxTtlMs = uint64_t(1) << 52;

ipf_status getC(ipf_plugin_ctx* ctx, ipf_str key, ipf_str* out) {
    if (!ctx || !out) return IPF_INVALID;
    *out = ipf_str{nullptr, 0};
    auto* f = facilityOf<StoreFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    try {
        auto v = f->kv().get(contextOf(ctx)->plugin, sv(key));
        if (!v) return IPF_NOT_FOUND;
        char* p = static_cast<char*>(std::malloc(v->size() ? v->size() : 1));
        if (!p) return IPF_ERROR;
        if (!v->empty()) std::memcpy(p, v->data(), v->size());
        *out = ipf_str{p, v->size()};
        return IPF_OK;
    } catch (const std::exception& e) {
        spdlog::error("store: get for plugin {} failed: {}", contextOf(ctx)->plugin, e.what());
        return IPF_ERROR;
    }
}

ipf_status putC(ipf_plugin_ctx* ctx, ipf_str key, ipf_str value, uint64_t ttl_ms) {
    if (!ctx || ttl_ms > kMaxTtlMs) return IPF_INVALID;
    auto* f = facilityOf<StoreFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    try {
        f->kv().put(contextOf(ctx)->plugin, sv(key), sv(value), static_cast<int64_t>(ttl_ms));
        return IPF_OK;
    } catch (const std::exception& e) {
        spdlog::error("store: put for plugin {} failed: {}", contextOf(ctx)->plugin, e.what());
        return IPF_ERROR;
    }
}

ipf_status incrC(ipf_plugin_ctx* ctx, ipf_str key, int64_t delta, uint64_t ttl_ms, int64_t* out) {
    if (!ctx || !out || ttl_ms > kMaxTtlMs) return IPF_INVALID;
    auto* f = facilityOf<StoreFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    try {
        *out = f->kv().incr(contextOf(ctx)->plugin, sv(key), delta, static_cast<int64_t>(ttl_ms));
        return IPF_OK;
    } catch (const std::exception& e) {
        spdlog::error("store: incr for plugin {} failed: {}", contextOf(ctx)->plugin, e.what());
        return IPF_ERROR;
    }
}

void valueFree(const char* p) { std::free(const_cast<char*>(p)); }

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_store_api kTable{sizeof(ipf_store_api), cEntry<getC>, cEntry<putC>, cEntry<incrC>, cEntry<valueFree>};

}  // namespace

const ipf_store_api& StoreFacility::table() { return kTable; }

void StoreFacility::fill(ipf_host_api& api) const { api.store = &kTable; }

void StoreFacility::purge(int64_t /*now_s*/) {
    try {
        kv_->purge();
    } catch (const std::exception& e) {
        spdlog::warn("store: purge failed: {}", e.what());
    }
}

StoreFacility::StoreFacility(std::unique_ptr<ipfacts::store::KvStore> kv, std::string backend,
                             std::chrono::milliseconds health_period)
    : kv_(std::move(kv)), backend_(std::move(backend)), health_([this] { return readFailure(); }, health_period) {}

std::optional<std::string> StoreFacility::readFailure() const {
    try {
        kv_->get("host", "readyz");
        return std::nullopt;
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
}

std::optional<FacilityHealth> StoreFacility::readiness() const {
    // Not deciding: keyed callers, limits and answers go on from memory while
    // the store is away; only sign-in, the dashboard and plugins' rows wait.
    auto failure = health_.lastFailure();
    if (!failure) return FacilityHealth{true, backend_ + " answers a read", false};
    return FacilityHealth{false,
                          backend_ + ": a read failed: " + *failure +
                              " (the node serves on: keys and limits are held in memory; sign-in waits)",
                          false};
}

std::vector<MetricFamily> StoreFacility::metrics(int64_t /*now_unix*/) const {
    MetricFamily up{"ipfacts_store_up", "gauge", "1 while the store answers a read, 0 while it does not", {}};
    up.samples.push_back({{{"store", backend_}}, health_.lastFailure() ? 0.0 : 1.0});
    return {std::move(up)};
}

void addStoreFacility(FacilitySet& set, const manifest::Manifest& m) {
    // The backend the key store uses (store.backend): the SQLite file or PostgreSQL.
    const std::string backend = m.store_backend == "redis+postgres" ? "postgres" : "sqlite";
    set.add(std::make_unique<StoreFacility>(ipfacts::store::openKvStore(m), backend));
}

}  // namespace ipfacts::facilities::store
