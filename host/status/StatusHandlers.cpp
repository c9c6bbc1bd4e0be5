#include "host/status/StatusHandlers.h"

#include "host/status/StatusService.h"

namespace ipfacts {
extern const char kStatusOpenApi[];
}  // namespace ipfacts

namespace ipfacts::status {
namespace {

std::string needsStatus(const manifest::Manifest& m) { return m.status ? "" : "needs a status: section"; }

std::string needsManualClock(const manifest::Manifest& m) {
    if (!m.status) return needsStatus(m);
    return m.status->manual_clock ? "" : "exists for tests only: it needs status.manual_clock: true";
}

/// A handler serving bytes the last round made: on the event loop.
pipeline::HostHandlerDef rendered(const char* name, StatusService* service,
                                  void (StatusService::*serve)(pipeline::Exchange&) const) {
    pipeline::HostHandlerDef d;
    d.name = name;
    d.fragment = kStatusOpenApi;
    d.refusal = needsStatus;
    if (service) d.serve = [service, serve](pipeline::Exchange& ex) { (service->*serve)(ex); };
    return d;
}

}  // namespace

std::vector<pipeline::HostHandlerDef> statusHandlers(StatusService* service) {
    pipeline::HostHandlerDef control;
    control.name = "status_control";
    control.nonblocking = false;  // runs a round of probes
    control.fragment = kStatusOpenApi;
    control.refusal = needsManualClock;
    if (service) control.serve = [service](pipeline::Exchange& ex) { service->serveControl(ex); };
    return {rendered("status", service, &StatusService::serveJson),
            rendered("status_page", service, &StatusService::servePage),
            rendered("status_badge_svg", service, &StatusService::serveBadgeSvg),
            rendered("status_badge_json", service, &StatusService::serveBadgeJson), std::move(control)};
}

}  // namespace ipfacts::status
