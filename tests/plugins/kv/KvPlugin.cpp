// A test plugin (the parameter is `name`: `key` is the API key) that reads and writes through the host's cache and
// store facilities, so the integration suite can prove plugin -> facility and that two plugins (this library loaded
// twice under two names) never see each other's keys. A periodic task (tasks facility) counts its runs in the store
// under "ticks". Never deployed.
#include <ipfacts/plugin.hpp>

#include <memory>
#include <string>

class KvPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"cache", "store", "tasks", nullptr};
    static constexpr auto kConfig = ipfacts::kNoConfig;

    explicit KvPlugin(ipfacts::Host& host) : host_(host) {
        // Runs on a worker fiber, so the blocking store is fine here.
        auto tick = ipfacts::every(host, "tick", {std::chrono::seconds(1)}, [this] { countTick(); });
        if (!tick) throw std::runtime_error("the host refused the tick task: " + std::string(tick.reason()));
        tick_ = std::move(*tick);
    }

    /// GET ?name=K[&value=V&ttl_ms=T]: with value, caches it; then answers what
    /// the cache holds for K. NONBLOCKING: runs on the event loop.
    void cache(ipfacts::Request& req, ipfacts::Response& resp) {
        auto key = req.query("name");
        if (!key) {
            resp.error(400, "invalid_parameter", "name is required");
            return;
        }
        ipfacts::JsonWriter w;
        w.beginObject();
        if (auto value = req.query("value"))
            w.field("stored", host_.cachePut(*key, *value, std::chrono::milliseconds(ttl(req, 60000))).ok());
        write(w, host_.cacheGet(*key));
        w.field("may_block", req.mayBlock());
        w.endObject();
        resp.json(w);
    }

    /// GET ?name=K[&value=V][&incr=N][&ttl_ms=T]: puts V, or adds N to the
    /// counter K (answering the new count); then answers what the store holds for K.
    void store(ipfacts::Request& req, ipfacts::Response& resp) {
        auto key = req.query("name");
        if (!key) {
            resp.error(400, "invalid_parameter", "name is required");
            return;
        }
        ipfacts::JsonWriter w;
        w.beginObject();
        std::chrono::milliseconds t(ttl(req, 0));
        if (auto value = req.query("value"))
            if (auto put = host_.storePut(*key, *value, t); !put)
                return void(resp.error(500, "internal_error", put.reason()));
        if (auto n = req.query("incr")) {
            auto count = host_.storeIncr(*key, std::stoll(std::string(*n)), t);
            if (!count) return void(resp.error(500, "internal_error", count.reason()));
            w.field("count", *count);
        }
        auto stored = host_.storeGet(*key);
        if (!stored && stored.status() != IPF_NOT_FOUND)
            return void(resp.error(500, "internal_error", stored.reason()));
        write(w, stored);
        w.endObject();
        resp.json(w);
    }

private:
    static int64_t ttl(ipfacts::Request& req, int64_t dflt) {
        auto t = req.query("ttl_ms");
        return t ? std::stoll(std::string(*t)) : dflt;
    }
    /// The periodic task's run: its failure is logged, as a task has no caller to answer.
    void countTick() {
        if (auto n = host_.storeIncr("ticks"); !n) host_.warn("tick not counted: " + std::string(n.reason()));
    }
    static void write(ipfacts::JsonWriter& w, const ipfacts::Result<std::string>& v) {
        w.field("hit", v.ok());
        if (v)
            w.field("value", *v);
        else
            w.key("value").null();
    }

    ipfacts::Host& host_;
    std::unique_ptr<ipfacts::PeriodicTask> tick_;
};

IPFACTS_PLUGIN(KvPlugin, "kv", "1.0.0", "Test plugin: reads and writes through the cache and store facilities",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(KvPlugin, cache, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(KvPlugin, store, 0));
