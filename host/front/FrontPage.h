// FrontPage: the HTML page a browser gets at `/`: the caller's facts from the
// IpReport (each in an element whose data-field names its JSON path and
// data-value holds the JSON's text, as on /status), and the guide to every
// endpoint with a copyable curl line each. No scripts, no external assets,
// one inline style block allowed by its hash (frontPagePolicy). Nothing of
// the request but the report and the Host name goes into it: never a key.
#pragma once

#include "host/front/EndpointGuide.h"

#include <string>
#include <vector>

namespace ipfacts::front {

struct FrontPageInput {
    const std::string* report_json = nullptr;  ///< the IpReport body, compact
    const std::vector<GuideEntry>* guide = nullptr;
    std::string base_url;      ///< "https://ipfacts.example", for the curl lines
    std::string service_host;  ///< the title's name
    bool status_page = false;  ///< link /status
};

/// The page. A report that does not parse gives the page without the facts.
std::string frontPage(const FrontPageInput& in);

/// The Content-Security-Policy the page is sent with.
const std::string& frontPagePolicy();

}  // namespace ipfacts::front
