// FrontDoor: the host handlers of `/` (host.front) and of the short target
// path `/{target}` (host.target). For `/` it picks the form of the answer
// (MediaChoice) and has the ip plugin's own handlers write it: the address
// line of ip.address, the IpReport of ip.report, or the HTML page made from
// that IpReport (FrontPage); `/?q=<target>` (the page's lookup form) is
// redirected to `/<target>`. For `/{target}` it has lookup.lookup write the
// LookupResponse, and a browser that asks for text/html gets the page made
// from it (TargetPage). Every answer carries Vary: Accept, User-Agent.
#pragma once

#include "host/front/EndpointGuide.h"
#include "host/pipeline/CommandLineAgents.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/RouteTable.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace ipfacts::front {

class FrontDoor {
public:
    /// Runs a plugin route's handler on an exchange (Pipeline::callHandler);
    /// false when it failed or deferred and the exchange holds what to answer.
    using CallHandler = std::function<bool(const pipeline::Route&, pipeline::Exchange&)>;

    struct Parts {
        const pipeline::Route* text = nullptr;    ///< the route of ip.address
        const pipeline::Route* json = nullptr;    ///< the route of ip.report
        const pipeline::Route* lookup = nullptr;  ///< the route of lookup.lookup; null: no host.target route
        std::vector<GuideEntry> guide;
        const pipeline::CommandLineAgents* cli = nullptr;
        std::string service_host;
        bool status_page = false;
        CallHandler call;
        /// Answers from the response cache as a request to the route would be
        /// (Pipeline::answerFromCacheAs); false when it holds no entry.
        CallHandler cached;
        /// Runs the route's handler and keeps its answer in the response
        /// cache under that route (Pipeline::callHandlerAndKeep).
        CallHandler call_and_keep;
    };

    /// Throws std::runtime_error when the text or JSON route is missing: the
    /// front door serves what /ip and /json serve.
    explicit FrontDoor(Parts parts);

    /// Answers `/`. Runs where the route runs (on the loop: the ip handlers
    /// never wait without full=1, which `/` does not accept).
    void serve(pipeline::Exchange& ex) const;

    /// Answers `/{target}`: on the loop from the response cache entry of
    /// /api/v1/lookup/{target} for the same target, else it defers to a worker
    /// (a name's lookup waits on DNS) and runs lookup.lookup there, keeping its
    /// answer in that entry. The route table matched only an address literal
    /// or a public host name.
    void serveTarget(pipeline::Exchange& ex) const;

private:
    std::string baseUrl(const pipeline::Exchange& ex) const;
    /// `/?q=...`: 303 to `/<q>`, or 400 invalid_parameter for what is no target.
    void redirectLookup(pipeline::Exchange& ex) const;
    /// The lookup's answer in `ex` made into the target's page (or, for a
    /// name that failed, the page with the error's words); other errors stay.
    void renderTargetPage(pipeline::Exchange& ex) const;

    Parts parts_;
    std::set<std::string> routed_;  // the guide's paths: what the target page may link
};

/// The routes of the manifest serving `plugin`.`handler`; null when none does.
const pipeline::Route* routeOf(const std::vector<pipeline::Route>& routes, const std::string& plugin,
                               const std::string& handler);

}  // namespace ipfacts::front
