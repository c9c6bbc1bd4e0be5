#include "host/facilities/connect/ConnectFacility.h"

#include "host/facilities/connect/ProbeBatch.h"
#include "host/fiber/FiberPoll.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>

/// What a plugin holds as ipf_tls_probe_batch*: the results and their C views.
struct ipf_tls_probe_batch {
    std::vector<ipfacts::facilities::connect::TlsProbeResult> results;
    std::vector<std::vector<ipf_str>> chains;
    std::vector<ipf_tls_probe_result> views;
};

namespace ipfacts::facilities::connect {
namespace {

/// The smallest request a plugin can have been built with: ABI 1.4's.
constexpr size_t kRequestSize14 = offsetof(ipf_tls_probe_request, alpn) + sizeof(ipf_str);

std::string text(ipf_str s) { return s.ptr ? std::string(s.ptr, s.len) : std::string(); }
ipf_str view(const std::string& s) { return s.empty() ? ipf_str{nullptr, 0} : ipf_str{s.data(), s.size()}; }

std::vector<std::string> alpnList(const std::string& comma_separated) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= comma_separated.size() && !comma_separated.empty()) {
        size_t end = comma_separated.find(',', start);
        if (end == std::string::npos) end = comma_separated.size();
        out.push_back(comma_separated.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

/// The request as the plugin wrote it; zeros stay for probeAll's defaults.
TlsProbeRequest requestOf(const ipf_tls_probe_request& r) {
    TlsProbeRequest out;
    out.server_name = text(r.server_name);
    out.address = text(r.address);
    out.port = r.port;
    out.min_version = r.min_version;
    out.max_version = r.max_version;
    out.timeout_ms = static_cast<int>(std::min<uint32_t>(r.timeout_ms, 1u << 30));
    out.alpn = alpnList(text(r.alpn));
    return out;
}

ipf_tls_probe_batch* toBatch(std::vector<TlsProbeResult> results) {
    auto b = std::make_unique<ipf_tls_probe_batch>();
    b->results = std::move(results);
    b->chains.resize(b->results.size());
    for (size_t i = 0; i < b->results.size(); ++i) {
        const TlsProbeResult& r = b->results[i];
        for (const auto& der : r.chain) b->chains[i].push_back(ipf_str{der.data(), der.size()});
        ipf_tls_probe_result v{};
        v.struct_size = sizeof(ipf_tls_probe_result);
        v.peer_port = r.peer_port;
        v.version_code = r.version_code;
        v.peer_address = view(r.peer_address);
        v.version = view(r.version);
        v.cipher = view(r.cipher);
        v.cipher_openssl = view(r.cipher_openssl);
        v.group = view(r.group);
        v.chain = b->chains[i].data();
        v.chain_count = b->chains[i].size();
        v.verify_code = r.verify_code;
        v.verify_text = view(r.verify_text);
        v.ocsp_response = view(r.ocsp_response);
        v.alpn = view(r.alpn);
        v.alert_received = view(r.alert_received);
        v.alert_sent = view(r.alert_sent);
        v.elapsed_ms = r.elapsed_ms;
        v.error = view(r.error);
        b->views.push_back(v);
    }
    return b.release();
}

ipf_status probeAllC(ipf_plugin_ctx* ctx, const ipf_tls_probe_request* rs, size_t count, ipf_tls_probe_batch** out) {
    if (!ctx || !out || (count && !rs)) return IPF_INVALID;
    auto* f = facilityOf<ConnectFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    // Elements are read at the plugin's stride, so a plugin built with a
    // later, longer request still reads right; members it knows and this
    // host does not are ignored.
    const size_t stride = count ? rs[0].struct_size : 0;
    if (count && stride < kRequestSize14) return IPF_INVALID;
    try {
        std::vector<TlsProbeRequest> requests;
        requests.reserve(count);
        const auto* base = reinterpret_cast<const unsigned char*>(rs);
        for (size_t i = 0; i < count; ++i) {
            ipf_tls_probe_request r{};
            std::memcpy(&r, base + i * stride, std::min(stride, sizeof r));
            requests.push_back(requestOf(r));
        }
        *out = toBatch(f->probeAll(std::move(requests)));
        return IPF_OK;
    } catch (const std::exception&) {
        return IPF_ERROR;  // out of memory: nothing crosses the C boundary but the status
    }
}

size_t batchSize(const ipf_tls_probe_batch* b) { return b ? b->views.size() : 0; }
const ipf_tls_probe_result* batchResult(const ipf_tls_probe_batch* b, size_t i) {
    return b && i < b->views.size() ? &b->views[i] : nullptr;
}
void batchFree(ipf_tls_probe_batch* b) { std::unique_ptr<ipf_tls_probe_batch> owned(b); }

const ipf_connect_api kTable{sizeof(ipf_connect_api), probeAllC, batchSize, batchResult, batchFree};

}  // namespace

ConnectFacility::ConnectFacility(const ConnectConfig& config, std::shared_ptr<const guard::AddressGuard> guard)
    : config_(config), guard_(std::move(guard)), ctx_(makeTlsClientContext(config.ca_file)), slots_(config.max_concurrent) {}

void ConnectFacility::fill(ipf_host_api& api) const { api.connect = &kTable; }

std::vector<TlsProbeResult> ConnectFacility::probeAll(std::vector<TlsProbeRequest> requests) {
    std::vector<TlsProbeResult> results(requests.size());
    std::vector<TlsProbeRequest> sent;
    std::vector<size_t> slot;
    for (size_t i = 0; i < requests.size(); ++i) {
        TlsProbeRequest& r = requests[i];
        // Defaults the caller left open (0) come from the manifest; no probe
        // outwaits the manifest's cap, nor what is left of the request's time budget.
        if (r.timeout_ms <= 0) r.timeout_ms = config_.timeout_ms;
        r.timeout_ms = ipfacts::fiber::remainingMs(std::min(r.timeout_ms, config_.max_timeout_ms));
        if (r.min_version == 0) r.min_version = TLS1_VERSION;
        if (r.max_version == 0) r.max_version = TLS1_3_VERSION;
        if (!slots_.take()) {
            results[i].error = "busy: all " + std::to_string(slots_.capacity()) +
                               " probe slots are in use (connect.max_concurrent)";
            continue;
        }
        sent.push_back(std::move(r));
        slot.push_back(i);
    }
    auto probed = connect::probeAll(*guard_, ctx_.get(), std::move(sent));
    slots_.release(static_cast<int>(slot.size()));
    for (size_t k = 0; k < probed.size(); ++k) results[slot[k]] = std::move(probed[k]);
    return results;
}

void addConnectFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (m.connect) set.add(std::make_unique<ConnectFacility>(*m.connect, set.guard()));
}

}  // namespace ipfacts::facilities::connect
