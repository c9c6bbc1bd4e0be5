// FrontPage: the HTML page a browser gets at `/`: the lookup form, the
// caller's facts from the IpReport (PageParts), why a fact is unknown (a
// caller in private or loopback space is told so, and offered the form), and
// the guide to every endpoint, one folded group per family, with a copyable
// curl line each. Nothing of the request but the report and the Host name goes
// into it: never a key. Sent with pagePolicy() (PageParts.h).
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

/// The guide as a section: one <details> per family, in the order the
/// families first appear in the document.
std::string guideSection(const std::vector<GuideEntry>& guide, const std::string& base_url, bool status_page);

}  // namespace ipfacts::front
