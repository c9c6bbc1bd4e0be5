// FrontDoor: the host handler of `/` (host.front). It picks the form of the
// answer (MediaChoice) and has the ip plugin's own handlers write it: the
// address line of ip.address, the IpReport of ip.report, or the HTML page
// made from that IpReport (FrontPage). Every answer carries Vary: Accept,
// User-Agent; the route is private, no-store, so no cache keeps one form for
// another caller.
#pragma once

#include "host/front/EndpointGuide.h"
#include "host/pipeline/CommandLineAgents.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/RouteTable.h"

#include <functional>
#include <string>
#include <vector>

namespace ipfacts::front {

class FrontDoor {
public:
    /// Runs a plugin route's handler on an exchange (Pipeline::callHandler);
    /// false when it failed or deferred and the exchange holds what to answer.
    using CallHandler = std::function<bool(const pipeline::Route&, pipeline::Exchange&)>;

    struct Parts {
        const pipeline::Route* text = nullptr;  ///< the route of ip.address
        const pipeline::Route* json = nullptr;  ///< the route of ip.report
        std::vector<GuideEntry> guide;
        const pipeline::CommandLineAgents* cli = nullptr;
        std::string service_host;
        bool status_page = false;
        CallHandler call;
    };

    /// Throws std::runtime_error when the text or JSON route is missing: the
    /// front door serves what /ip and /json serve.
    explicit FrontDoor(Parts parts);

    /// Answers `/`. Runs where the route runs (on the loop: the ip handlers
    /// never wait without full=1, which `/` does not accept).
    void serve(pipeline::Exchange& ex) const;

private:
    std::string baseUrl(const pipeline::Exchange& ex) const;

    Parts parts_;
};

/// The routes of the manifest serving `plugin`.`handler`; null when none does.
const pipeline::Route* routeOf(const std::vector<pipeline::Route>& routes, const std::string& plugin,
                               const std::string& handler);

}  // namespace ipfacts::front
