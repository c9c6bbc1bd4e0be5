// StandInPipeline: a real Pipeline over routes whose handlers are stand-ins
// the test steers, for the suites that drive the host's stages and its event
// loop without loading a plugin. Header-only.
//   /fast     non-blocking; answers {"path":"/fast","call":N}
//   /slow     runs on a worker and waits for the test to open its gate
//   /defer    non-blocking, says IPF_DEFER, then on a worker waits like /slow
//   /cached   non-blocking, "public, max-age=60": the response cache keeps it
//   /limited  two requests a minute per caller
//   /free     an unmetered class
#pragma once

#include "host/manifest/Manifest.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/Pipeline.h"
#include "host/pipeline/RouteTable.h"
#include "host/ratelimit/ServiceClock.h"
#include "tests/support/EventCounter.h"

#include <ipfacts/plugin.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ipfacts::testing {

/// Holds a handler on its worker until the test opens it; bounded, so a
/// failing test ends instead of hanging.
class Gate {
public:
    void open() {
        std::lock_guard<std::mutex> lock(mu_);
        open_ = true;
        cv_.notify_all();
    }
    bool waitOpen(std::chrono::seconds limit = std::chrono::seconds(20)) {
        std::unique_lock<std::mutex> lock(mu_);
        return cv_.wait_for(lock, limit, [this] { return open_; });
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    bool open_ = false;
};

/// What the stand-in handlers share with the test.
struct StandInHandlers {
    Gate gate;
    EventCounter on_worker;  // handlers that reached a worker
    std::atomic<int> calls{0};
};

inline ipf_status standInHandler(void* state, const ipf_request*, ipf_response* resp) {
    auto& h = *static_cast<StandInHandlers*>(state);
    auto& ex = *reinterpret_cast<pipeline::Exchange*>(resp);
    const std::string& path = ex.route->spec.path;
    if (path == "/defer" && !ex.on_worker) return IPF_DEFER;
    if (ex.on_worker) {
        h.on_worker.add();
        h.gate.waitOpen();
    }
    const int call = ++h.calls;
    ex.response.status = 200;
    ex.response.content_type = "application/json";
    ex.response.body = "{\"path\":\"" + path + "\",\"call\":" + std::to_string(call) + "}";
    return IPF_OK;
}

struct StandInPipeline {
    manifest::Manifest m;
    StandInHandlers handlers;
    ratelimit::ServiceClock clock{true};
    std::unique_ptr<pipeline::Pipeline> pipeline;

    /// `trusted_proxies`: CIDR blocks whose X-Forwarded-For the identify stage believes.
    explicit StandInPipeline(std::vector<std::string> trusted_proxies = {}) {
        m.access_log = "off";
        m.trusted_proxies = std::move(trusted_proxies);
        m.rate_classes["daily"] = manifest::RateClass{"daily", true, {0, 100000, 0}, {0, 100000, 0}};
        m.rate_classes["tight"] = manifest::RateClass{"tight", true, {2, 0, 0}, {2, 0, 0}};
        m.rate_classes["free"] = manifest::RateClass{"free", false, {}, {}};
        std::vector<pipeline::Route> routes;
        routes.push_back(route("/fast", true, "daily", "private, no-store"));
        routes.push_back(route("/slow", false, "daily", "private, no-store"));
        routes.push_back(route("/defer", true, "daily", "private, no-store"));
        routes.push_back(route("/cached", true, "daily", "public, max-age=60"));
        routes.push_back(route("/limited", true, "tight", "private, no-store"));
        routes.push_back(route("/free", true, "free", "private, no-store"));
        pipeline = std::make_unique<pipeline::Pipeline>(m, std::make_unique<pipeline::RouteTable>(std::move(routes)),
                                                        nullptr, std::vector<pipeline::HostHandler>{}, clock);
    }

    pipeline::Route route(const std::string& path, bool nonblocking, const std::string& rate_class,
                          const std::string& cache_control) {
        pipeline::Route r;
        r.spec.path = path;
        r.spec.plugin = "standin";
        r.spec.handler = path.substr(1);
        r.spec.rate_class = rate_class;
        r.spec.cache_control = cache_control;
        r.spec.time_budget_ms = 8000;
        r.rate_class = &m.rate_classes.at(rate_class);
        r.rate_class_index = rate_class == "daily" ? 0 : rate_class == "tight" ? 1 : 2;
        r.cache_control_line = "Cache-Control: " + cache_control + "\r\n";
        r.policy_anonymous = rate_class + ":anonymous";
        r.policy_keyed = rate_class + ":key";
        r.query_params = {"name", "pretty", "fields", "_"};
        r.json_fields = {"path", "call"};
        r.fn = standInHandler;
        r.state = &handlers;
        r.nonblocking = nonblocking;
        return r;
    }
};

}  // namespace ipfacts::testing
