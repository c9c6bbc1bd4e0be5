// HttpRequest: one outbound call as a facility user describes it. What the
// request may not choose (proxy, protocols, where to connect) is fixed by
// HttpClient; see README.md beside this file.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::facilities::http {

struct HttpRequest {
    std::string method = "GET";  // GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS
    std::string url;             // https://host[:port]/path?query (http:// only with allow_http)
    std::vector<std::pair<std::string, std::string>> headers;  // sent in this order
    std::string body;                                          // sent for POST, PUT, PATCH, DELETE, OPTIONS
    long timeout_ms = 3000;                                    // the whole call, every redirect hop included
    size_t max_body_bytes = 1 << 20;                           // a longer response body is an error, not a truncation
    int max_redirects = 3;                                     // 0: a 3xx is returned as it is, not followed
    bool allow_http = false;                                   // the upstream's config allows plain http
    // Addresses the URL's host was resolved to by HttpFacility (http.resolve: resolver),
    // pinned for libcurl with CURLOPT_RESOLVE; empty: libcurl resolves (the system's
    // resolver). Never set from a plugin's request; the guard still judges each at connect.
    std::vector<std::string> pinned;
};

}  // namespace ipfacts::facilities::http
