// A test plugin that runs TLS probes through the host's connect facility and
// answers what came back as JSON, so the integration suite can prove the
// wiring: plugin -> facility -> guard -> TLS server. Never deployed.
#include <ipfacts/plugin.hpp>

#include <string>

namespace {

/// "1.0" ... "1.3" as IPF_TLS_*; 0 for anything else (the host's default).
uint16_t versionOf(std::string_view v) {
    if (v == "1.0") return IPF_TLS_1_0;
    if (v == "1.1") return IPF_TLS_1_1;
    if (v == "1.2") return IPF_TLS_1_2;
    if (v == "1.3") return IPF_TLS_1_3;
    return 0;
}

std::string hex(const std::string& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : bytes) out += digits[c >> 4], out += digits[c & 15];
    return out;
}

}  // namespace

class TlsPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"connect", nullptr};
    static constexpr auto kConfig = ipfacts::kNoConfig;

    explicit TlsPlugin(ipfacts::Host& host) : host_(host) {}

    /// GET ?port=P[&port=Q...][&address=A][&name=N][&min=1.2][&max=1.3][&timeout_ms=T][&alpn=h2]:
    /// one probe per port, all in one batch, results in order.
    void probe(ipfacts::Request& req, ipfacts::Response& resp) {
        ipfacts::TlsProbeCall base;
        base.address = std::string(req.query("address").value_or(""));
        base.server_name = std::string(req.query("name").value_or(""));
        base.min_version = versionOf(req.query("min").value_or(""));
        base.max_version = versionOf(req.query("max").value_or(""));
        if (auto t = req.query("timeout_ms")) base.timeout_ms = static_cast<uint32_t>(std::stoul(std::string(*t)));
        if (auto a = req.query("alpn")) base.alpn = {std::string(*a)};
        std::vector<ipfacts::TlsProbeCall> calls;
        for (size_t i = 0; i < 8; ++i) {
            auto port = req.query("port", i);
            if (!port) break;
            ipfacts::TlsProbeCall c = base;
            c.port = static_cast<uint16_t>(std::stoul(std::string(*port)));
            calls.push_back(std::move(c));
        }
        if (calls.empty()) return void(resp.error(400, "invalid_parameter", "port is required"));
        const ipfacts::TlsProbeReplies replies = ipfacts::tlsProbeAll(host_, calls);
        if (!replies.ok()) return void(resp.error(503, "connect_unavailable", replies.reason()));
        ipfacts::JsonWriter w;
        w.beginObject().key("results").beginArray();
        for (const auto& r : replies.keep()) {
            w.beginObject()
                .field("peer_address", r.peer_address)
                .field("peer_port", static_cast<int64_t>(r.peer_port))
                .field("version", r.version)
                .field("cipher", r.cipher)
                .field("group", r.group)
                .key("chain")
                .beginArray();
            for (const auto& der : r.chain) w.value(hex(der));
            w.endArray()
                .field("verify_code", static_cast<int64_t>(r.verify_code))
                .field("verify_text", r.verify_text)
                .field("alpn", r.alpn)
                .field("alert_received", r.alert_received)
                .field("alert_sent", r.alert_sent)
                .field("ocsp_bytes", static_cast<int64_t>(r.ocsp_response ? r.ocsp_response->size() : 0))
                .field("elapsed_ms", r.elapsed_ms)
                .field("error", r.ok() ? std::nullopt : std::optional<std::string>(r.error))
                .endObject();
        }
        w.endArray().field("checked_at", host_.checkedAt()).field("source", host_.serviceHost()).endObject();
        resp.json(w);
    }

private:
    ipfacts::Host& host_;
};

IPFACTS_PLUGIN(TlsPlugin, "tls", "1.0.0", "Test plugin: TLS probes through the connect facility",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(TlsPlugin, probe, 0));
