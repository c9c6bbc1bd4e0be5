// Shared by the http core's suites: a client whose guard (tests/support/GuardSupport.h)
// allows exactly the blocks given.
#pragma once

#include "tests/support/GuardSupport.h"

#include "host/facilities/http/HttpClient.h"

#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <string>

namespace ipfacts::testing {

inline facilities::http::HttpClient clientAllowing(std::initializer_list<const char*> blocks,
                                                   std::string ca_file = "") {
    facilities::http::HttpClientOptions o;
    o.ca_file = std::move(ca_file);
    return facilities::http::HttpClient(guardAllowing(blocks), o);
}

inline facilities::http::HttpRequest get(const std::string& url, bool allow_http = true) {
    facilities::http::HttpRequest r;
    r.url = url;
    r.allow_http = allow_http;
    r.timeout_ms = 3000;
    return r;
}

inline facilities::http::HttpResult fetch(const facilities::http::HttpClient& c,
                                          const facilities::http::HttpRequest& r) {
    return c.fetchAll({r}).front();
}

}  // namespace ipfacts::testing
