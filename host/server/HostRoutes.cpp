#include "host/server/HostRoutes.h"

#include "host/account/AccountHandlers.h"
#include "host/facilities/FacilityRegistry.h"
#include "host/front/FrontHandler.h"
#include "host/openapi/OpenApiHandler.h"
#include "host/server/ReadinessHandlers.h"
#include "host/status/StatusHandlers.h"

#include <algorithm>
#include <iterator>

namespace ipfacts::server {
namespace {

void append(std::vector<pipeline::HostHandlerDef>& to, std::vector<pipeline::HostHandlerDef> more) {
    std::move(more.begin(), more.end(), std::back_inserter(to));
}

/// Why route `r` cannot be served, or "".
std::string refusalOf(const manifest::Manifest& m, const manifest::RouteSpec& r,
                      const std::vector<pipeline::HostHandlerDef>& handlers) {
    auto it = std::find_if(handlers.begin(), handlers.end(), [&r](const auto& h) { return h.name == r.handler; });
    if (it == handlers.end()) {
        std::string names;
        for (const auto& h : handlers) names += (names.empty() ? "" : ", ") + h.name;
        return "the host has no handler '" + r.handler + "' (it has: " + names + ")";
    }
    const std::string why = it->refusal ? it->refusal(m) : "";
    return why.empty() ? "" : "the host handler '" + r.handler + "' " + why;
}

}  // namespace

std::vector<pipeline::HostHandlerDef> hostHandlers(const HostServices& services) {
    std::vector<pipeline::HostHandlerDef> all{openapi::openApiHandler(services.openapi)};
    append(all, status::statusHandlers(services.status));
    append(all, readinessHandlers(services.readiness, services.readiness_checks));
    all.push_back(front::frontHandler(services.front));
    all.push_back(front::targetHandler(services.front));
    append(all, account::accountHandlers(services.accounts));
    // A facility's own routes come with its registration (FacilityEntry::handlers).
    for (const auto* f : facilities::builtinFacilities().ordered())
        if (f->handlers) append(all, f->handlers(services.facilities));
    return all;
}

void checkHostRoutes(const manifest::Manifest& m) {
    const auto handlers = hostHandlers({});
    for (const auto& r : m.routes) {
        if (r.plugin != "host") continue;
        if (std::string why = refusalOf(m, r, handlers); !why.empty())
            throw manifest::ManifestError(m.file + ":" + std::to_string(r.handler_line) + ": " + why);
    }
}

}  // namespace ipfacts::server
