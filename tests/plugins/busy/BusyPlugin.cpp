// A test plugin whose handler keeps its worker thread busy without waiting
// on anything (CPU work, not a fiber::poll), so the integration suite can fill
// the workers and see what happens to requests queued behind them. Never deployed.
#include <ipfacts/plugin.hpp>

#include <chrono>
#include <string>

class BusyPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {nullptr};
    static constexpr auto kConfig = ipfacts::kNoConfig;

    explicit BusyPlugin(ipfacts::Host&) {}

    /// GET ?ms=N (0..10000): computes for N ms, then answers {"spun_ms":N}.
    void spin(ipfacts::Request& req, ipfacts::Response& resp) {
        const auto text = req.query("ms");
        const long ms = text ? std::stol(std::string(*text)) : 0;
        if (ms < 0 || ms > 10000) {
            resp.error(400, "invalid_parameter", "ms must be 0..10000");
            return;
        }
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        volatile unsigned long sink = 0;
        while (std::chrono::steady_clock::now() < until)
            for (int i = 0; i < 10000; ++i) sink = sink + static_cast<unsigned long>(i);
        ipfacts::JsonWriter w;
        w.beginObject();
        w.field("spun_ms", static_cast<int64_t>(ms));
        w.endObject();
        resp.json(w);
    }
};

IPFACTS_PLUGIN(BusyPlugin, "busy", "1.0.0", "Test plugin: a handler that keeps its worker busy",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(BusyPlugin, spin, 0));
