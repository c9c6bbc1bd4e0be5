// DnsLeakPage: the /dnsleak page. It runs the test in the browser: it starts
// a session, has the browser look up the session's names (image requests to
// them, which its own resolver must resolve first), then reads the result
// every four seconds for 40 seconds (12 requests with the page and the start:
// within the dnsleak rate class's 20 a minute) and shows the verdict and the
// resolvers. One inline
// style and one inline script, each allowed by its hash; nothing external.
#pragma once

#include <string>

namespace ipfacts::facilities::dnsleak {

/// The page's HTML.
const std::string& dnsleakPage();

/// Its Content-Security-Policy: its own style and script by hash, requests
/// to this origin, images from the names under `zone`.
std::string dnsleakPagePolicy(const std::string& zone);

}  // namespace ipfacts::facilities::dnsleak
