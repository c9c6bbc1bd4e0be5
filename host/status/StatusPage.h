// StatusPage: the /status HTML page of a StatusReport: the same figures as
// /api/v1/status (each in an element with data-field naming its JSON path and
// data-value holding the JSON's text), a 30-day bar of daily uptime and a
// 24-hour latency chart per target and region as inline SVG, the upstreams'
// outcomes, and how the figures are computed. No scripts, no external
// assets: one inline style block, allowed by its hash in the
// Content-Security-Policy the page is sent with.
#pragma once

#include "host/status/StatusReport.h"

#include <string>

namespace ipfacts::status {

/// The page's HTML. `service_host` names the service in its title.
std::string statusPage(const StatusReport& report, const std::string& service_host);

/// The Content-Security-Policy header value the page needs (and allows nothing else).
const std::string& statusPagePolicy();

}  // namespace ipfacts::status
