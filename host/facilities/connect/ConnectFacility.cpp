#include "host/facilities/connect/ConnectFacility.h"

#include "host/facilities/CEntry.h"
#include "host/facilities/connect/ExchangeBatch.h"
#include "host/facilities/connect/ProbeBatch.h"
#include "host/fiber/FiberPoll.h"

#include <ipfacts/views.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>

/// What a plugin holds as ipf_tls_probe_batch*: the replies and their C views,
/// built once by the SDK's field list (ipfacts/fields.h).
struct ipf_tls_probe_batch {
    ipfacts::Marshalled<ipfacts::TlsProbeReply> replies;
};

/// What a plugin holds as ipf_tcp_exchange_batch* (ABI 1.5).
struct ipf_tcp_exchange_batch {
    ipfacts::Marshalled<ipfacts::TcpExchangeReply> replies;
};

namespace ipfacts::facilities::connect {
namespace {

/// The smallest request a plugin can have been built with: ABI 1.4's.
constexpr size_t kRequestSize14 = offsetof(ipf_tls_probe_request, alpn) + sizeof(ipf_str);

/// The request as the plugin wrote it; zeros stay for probeAll's defaults.
TlsProbeRequest requestOf(const ipf_tls_probe_request& r) {
    TlsProbeCall call = TlsProbeCallView(r).keep();
    TlsProbeRequest out;
    out.server_name = std::move(call.server_name);
    out.address = std::move(call.address);
    out.port = static_cast<uint16_t>(call.port);
    out.min_version = static_cast<uint16_t>(call.min_version);
    out.max_version = static_cast<uint16_t>(call.max_version);
    out.timeout_ms = static_cast<int>(std::min<int64_t>(std::max<int64_t>(call.timeout_ms, 0), 1 << 30));
    out.alpn = std::move(call.alpn);
    return out;
}

std::optional<std::string> optional(std::string&& s) {
    if (s.empty()) return std::nullopt;
    return std::move(s);
}

/// The result as the SDK's reply, its strings moved, not copied.
TlsProbeReply replyOf(TlsProbeResult&& r) {
    TlsProbeReply o;
    o.peer_port = r.peer_port;
    o.version_code = r.version_code;
    o.peer_address = std::move(r.peer_address);
    o.version = std::move(r.version);
    o.cipher = std::move(r.cipher);
    o.cipher_openssl = std::move(r.cipher_openssl);
    o.group = optional(std::move(r.group));
    o.chain = std::move(r.chain);
    o.verify_code = r.verify_code;
    o.verify_text = std::move(r.verify_text);
    o.ocsp_response = optional(std::move(r.ocsp_response));
    o.alpn = optional(std::move(r.alpn));
    o.alert_received = optional(std::move(r.alert_received));
    o.alert_sent = optional(std::move(r.alert_sent));
    o.elapsed_ms = r.elapsed_ms;
    o.error = std::move(r.error);
    return o;
}

ipf_tls_probe_batch* toBatch(std::vector<TlsProbeResult> results) {
    std::vector<TlsProbeReply> replies;
    replies.reserve(results.size());
    for (TlsProbeResult& r : results) replies.push_back(replyOf(std::move(r)));
    return new ipf_tls_probe_batch{Marshalled<TlsProbeReply>(std::move(replies))};
}

/// A plugin's `count` C requests, each converted by `convert`. They are read
/// at the plugin's stride (the first element's struct_size), so a plugin
/// built with a later, longer struct still reads right; members it knows and
/// this host does not are ignored. The caller checked the stride's minimum.
template <class Out, class C, class Convert>
std::vector<Out> readAtStride(const C* rs, size_t count, Convert convert) {
    std::vector<Out> out;
    out.reserve(count);
    const size_t stride = count ? rs[0].struct_size : 0;
    const auto* base = reinterpret_cast<const unsigned char*>(rs);
    for (size_t i = 0; i < count; ++i) {
        C r{};
        std::memcpy(&r, base + i * stride, std::min(stride, sizeof r));
        out.push_back(convert(r));
    }
    return out;
}

ipf_status probeAllC(ipf_plugin_ctx* ctx, const ipf_tls_probe_request* rs, size_t count, ipf_tls_probe_batch** out) {
    if (!ctx || !out || (count && !rs)) return IPF_INVALID;
    auto* f = facilityOf<ConnectFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    if (count && rs[0].struct_size < kRequestSize14) return IPF_INVALID;
    try {
        *out = toBatch(f->probeAll(readAtStride<TlsProbeRequest>(rs, count, requestOf)));
        return IPF_OK;
    } catch (const std::exception&) {
        return IPF_ERROR;  // out of memory: nothing crosses the C boundary but the status
    }
}

size_t batchSize(const ipf_tls_probe_batch* b) { return b ? b->replies.size() : 0; }
const ipf_tls_probe_result* batchResult(const ipf_tls_probe_batch* b, size_t i) {
    return b ? b->replies.at(i) : nullptr;
}
void batchFree(ipf_tls_probe_batch* b) { std::unique_ptr<ipf_tls_probe_batch> owned(b); }

/// The smallest exchange request a plugin can have been built with: ABI 1.5's.
constexpr size_t kExchangeSize15 = offsetof(ipf_tcp_exchange_request, payload) + sizeof(ipf_str);

TcpExchangeRequest exchangeOf(const ipf_tcp_exchange_request& r) {
    TcpExchangeCall call = TcpExchangeCallView(r).keep();
    TcpExchangeRequest out;
    out.host = std::move(call.host);
    out.port = static_cast<uint16_t>(call.port);
    out.payload = std::move(call.payload);
    out.timeout_ms = static_cast<int>(std::min<int64_t>(std::max<int64_t>(call.timeout_ms, 0), 1 << 30));
    out.max_bytes = static_cast<size_t>(std::max<int64_t>(call.max_bytes, 0));
    return out;
}

TcpExchangeReply exchangeReplyOf(TcpExchangeResult&& r) {
    TcpExchangeReply o;
    o.peer_port = r.peer_port;
    o.peer_address = std::move(r.peer_address);
    o.response = std::move(r.response);
    o.elapsed_ms = r.elapsed_ms;
    o.error = std::move(r.error);
    return o;
}

ipf_status exchangeAllC(ipf_plugin_ctx* ctx, const ipf_tcp_exchange_request* rs, size_t count,
                        ipf_tcp_exchange_batch** out) {
    if (!ctx || !out || (count && !rs)) return IPF_INVALID;
    auto* f = facilityOf<ConnectFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    if (count && rs[0].struct_size < kExchangeSize15) return IPF_INVALID;
    try {
        std::vector<TcpExchangeReply> replies;
        for (TcpExchangeResult& r : f->exchangeAll(readAtStride<TcpExchangeRequest>(rs, count, exchangeOf)))
            replies.push_back(exchangeReplyOf(std::move(r)));
        *out = new ipf_tcp_exchange_batch{Marshalled<TcpExchangeReply>(std::move(replies))};
        return IPF_OK;
    } catch (const std::exception&) {
        return IPF_ERROR;
    }
}

size_t exchangeBatchSize(const ipf_tcp_exchange_batch* b) { return b ? b->replies.size() : 0; }
const ipf_tcp_exchange_result* exchangeBatchResult(const ipf_tcp_exchange_batch* b, size_t i) {
    return b ? b->replies.at(i) : nullptr;
}
void exchangeBatchFree(ipf_tcp_exchange_batch* b) { std::unique_ptr<ipf_tcp_exchange_batch> owned(b); }

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_connect_api kTable{sizeof(ipf_connect_api),   cEntry<probeAllC>,           cEntry<batchSize>,
                             cEntry<batchResult>,       cEntry<batchFree>,           cEntry<exchangeAllC>,
                             cEntry<exchangeBatchSize>, cEntry<exchangeBatchResult>, cEntry<exchangeBatchFree>};

}  // namespace

ConnectFacility::ConnectFacility(const ConnectConfig& config, std::shared_ptr<const guard::AddressGuard> guard)
    : config_(config),
      guard_(std::move(guard)),
      ctx_(makeTlsClientContext(config.ca_file)),
      slots_(config.max_concurrent) {}

void ConnectFacility::fill(ipf_host_api& api) const { api.connect = &kTable; }

/// Runs `requests` through `run` within the facility's slots: each request
/// first gets the manifest's defaults (`fill`), a time-out no longer than the
/// manifest's cap nor what is left of the request's time budget, and a slot;
/// one that finds none free is answered "busy" without running.
template <class Result, class Request, class Fill, class Run>
std::vector<Result> runInSlots(ProbeSlots& slots, const ConnectConfig& config, std::vector<Request> requests, Fill fill,
                               Run run) {
    std::vector<Result> results(requests.size());
    std::vector<Request> sent;
    std::vector<size_t> slot;
    for (size_t i = 0; i < requests.size(); ++i) {
        Request& r = requests[i];
        if (r.timeout_ms <= 0) r.timeout_ms = config.timeout_ms;
        r.timeout_ms = ipfacts::fiber::remainingMs(std::min(r.timeout_ms, config.max_timeout_ms));
        fill(r);
        if (!slots.take()) {
            results[i].error = "busy: all " + std::to_string(slots.capacity()) +
                               " connection slots are in use (connect.max_concurrent)";
            continue;
        }
        sent.push_back(std::move(r));
        slot.push_back(i);
    }
    auto done = run(std::move(sent));
    slots.release(static_cast<int>(slot.size()));
    for (size_t k = 0; k < done.size(); ++k) results[slot[k]] = std::move(done[k]);
    return results;
}

std::vector<TlsProbeResult> ConnectFacility::probeAll(std::vector<TlsProbeRequest> requests) {
    return runInSlots<TlsProbeResult>(
        slots_, config_, std::move(requests),
        [](TlsProbeRequest& r) {
            if (r.min_version == 0) r.min_version = TLS1_VERSION;
            if (r.max_version == 0) r.max_version = TLS1_3_VERSION;
        },
        [this](std::vector<TlsProbeRequest> sent) { return connect::probeAll(*guard_, ctx_.get(), std::move(sent)); });
}

std::vector<TcpExchangeResult> ConnectFacility::exchangeAll(std::vector<TcpExchangeRequest> requests) {
    return runInSlots<TcpExchangeResult>(
        slots_, config_, std::move(requests),
        [](TcpExchangeRequest& r) {
            if (r.max_bytes == 0) r.max_bytes = kDefaultExchangeBytes;
        },
        [this](std::vector<TcpExchangeRequest> sent) { return connect::exchangeAll(*guard_, std::move(sent)); });
}

void addConnectFacility(FacilitySet& set, const manifest::Manifest& m) {
    if (const auto* config = m.section<ConnectConfig>())
        set.add(std::make_unique<ConnectFacility>(*config, set.guard()));
}

}  // namespace ipfacts::facilities::connect
