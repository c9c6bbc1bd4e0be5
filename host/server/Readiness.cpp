#include "host/server/Readiness.h"

#include "host/facilities/FacilitySet.h"
#include "host/store/LiveKeyCache.h"

#include <ipfacts/json.hpp>

namespace ipfacts::server {
namespace {

struct Check {
    std::string name;
    bool ok;
    std::string detail;
    bool decides = true;  // false: shown, but the node is ready without it
};

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

}  // namespace

Readiness::Readiness(const facilities::FacilitySet& facilities, std::vector<std::string> refused,
                     std::vector<std::string> skipped)
    : facilities_(facilities), refused_(std::move(refused)), skipped_(std::move(skipped)) {}

void Readiness::serveHealth(pipeline::Exchange& ex) {
    ex.response.status = 200;
    ex.response.content_type = "text/plain; charset=utf-8";
    ex.response.body = "ok\n";
}

void Readiness::serveReady(pipeline::Exchange& ex) const {
    std::vector<Check> checks;
    checks.push_back({"plugins", refused_.empty(),
                      refused_.empty() ? "every plugin of the manifest loaded" : "not loaded: " + joined(refused_)});
    checks.push_back({"routes", skipped_.empty(),
                      skipped_.empty() ? "every route of the manifest is served" : "not served: " + joined(skipped_)});
    for (auto& [name, health] : facilities_.readiness())
        checks.push_back({name, health.ok, std::move(health.detail), health.decides});
    if (keys_) {
        // The version lets a test (or an operator) see a change reach this node.
        const bool loaded = keys_->loaded();
        checks.push_back({"keys", loaded,
                          loaded ? std::to_string(keys_->size()) + " live keys in memory, version " +
                                       std::to_string(keys_->version())
                                 : "the live keys are not loaded yet: keyed callers are served as anonymous"});
    }
    const bool stopping = stopping_.load();
    checks.push_back({"serving", !stopping, stopping ? "shutting down: drain this node" : "accepting requests"});

    bool ready = true;
    for (const auto& c : checks) ready = ready && (c.ok || !c.decides);
    ipfacts::JsonWriter w;
    w.beginObject().field("ready", ready).key("checks").beginArray();
    for (const auto& c : checks)
        w.beginObject()
            .field("name", c.name)
            .field("ok", c.ok)
            .field("detail", c.detail)
            .field("decides", c.decides)
            .endObject();
    w.endArray().endObject();
    ex.response.status = ready ? 200 : 503;
    ex.response.content_type = "application/json";
    ex.response.body = w.str();
}

}  // namespace ipfacts::server
