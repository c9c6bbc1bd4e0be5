#include "host/facilities/dnsleak/DnsLeakHandlers.h"

#include "host/facilities/dnsleak/DnsLeakFacility.h"
#include "host/facilities/dnsleak/DnsLeakPage.h"
#include "host/pipeline/ErrorEnvelope.h"

#include <ipfacts/json.hpp>

#include <spdlog/spdlog.h>

namespace ipfacts {
extern const char kDnsLeakOpenApi[];
}  // namespace ipfacts

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr const char* kPlanned =
    "The DNS leak test is not turned on here: this deployment has no dnsleak: section "
    "(host/facilities/dnsleak/README.md).";
constexpr const char* kNoSession =
    "No live DNS leak session has this token: it expired (a session lives 10 minutes) or was never handed out.";

void json(pipeline::Exchange& ex, std::string body) {
    ex.response.status = 200;
    ex.response.content_type = "application/json";
    ex.response.body = std::move(body);
}

void serveStart(const DnsLeakFacility& f, pipeline::Exchange& ex) {
    const LeakSession s = f.start();
    JsonWriter w;
    w.beginObject();
    w.field("session", s.token);
    w.key("names").beginArray();
    for (const auto& n : s.names) w.value(n);
    w.endArray();
    w.field("zone", f.config().zone);
    w.field("expires_at", isoUtc(s.expires_unix));
    w.field("lifetime_s", f.config().lifetime_s);
    w.field("result", "/api/v1/dnsleak/" + s.token);
    w.endObject();
    json(ex, w.take());
}

void serveSession(const DnsLeakFacility& f, pipeline::Exchange& ex) {
    std::string token;
    for (const auto& [name, value] : ex.path_params)
        if (name == "session") token = value;
    // The token reads the session: the access log keeps only its start, enough to follow one.
    ex.log_target = "/api/v1/dnsleak/" + token.substr(0, 8) + "...";
    try {
        if (auto body = f.result(token, ex.client))
            json(ex, std::move(*body));
        else
            pipeline::writeError(ex.response, 404, "session_not_found", kNoSession);
    } catch (const std::exception& e) {
        spdlog::error("dnsleak: reading a session failed: {}", e.what());
        pipeline::writeError(ex.response, 503, "store_unavailable", "The session store did not answer; try again.");
    }
}

void servePage(const DnsLeakFacility& f, pipeline::Exchange& ex) {
    ex.response.status = 200;
    ex.response.content_type = "text/html; charset=utf-8";
    ex.response.body = dnsleakPage();
    ex.response.addHeader("Content-Security-Policy", dnsleakPagePolicy(f.config().zone));
    ex.response.addHeader("X-Content-Type-Options", "nosniff");
    ex.response.addHeader("Referrer-Policy", "no-referrer");
}

/// A handler that answers 404 not_implemented while the facility is off.
pipeline::HostHandlerDef handler(const char* name, bool nonblocking, const FacilitySet* set,
                                 void (*serve)(const DnsLeakFacility&, pipeline::Exchange&)) {
    pipeline::HostHandlerDef d;
    d.name = name;
    d.nonblocking = nonblocking;
    d.fragment = kDnsLeakOpenApi;
    if (set)
        d.serve = [set, serve](pipeline::Exchange& ex) {
            if (const auto* f = set->get<DnsLeakFacility>())
                serve(*f, ex);
            else
                pipeline::writeError(ex.response, 404, "not_implemented", kPlanned);
        };
    return d;
}

}  // namespace

std::vector<pipeline::HostHandlerDef> dnsleakHandlers(const FacilitySet* facilities) {
    return {handler("dnsleak_start", true, facilities, serveStart),
            handler("dnsleak_session", false, facilities, serveSession),
            handler("dnsleak_page", true, facilities, servePage)};
}

}  // namespace ipfacts::facilities::dnsleak
