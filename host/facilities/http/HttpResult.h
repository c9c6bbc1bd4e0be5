// HttpResult: what one outbound call produced. Every failure is data: `error`
// says what went wrong in words a user can read, and the call never throws.
// An HTTP status of 4xx/5xx is not an error: the upstream answered.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::facilities::http {

struct HttpResult {
    long status = 0;  // of the last response (after redirects); 0 when none arrived
    std::vector<std::pair<std::string, std::string>> headers;  // of the last response, in order
    std::string body;
    std::string peer_address;  // the address actually connected to ("2606:4700::1111"); empty if none
    long peer_port = 0;
    std::string http_version;  // "1.1", "2", ...; empty when no response arrived
    int64_t elapsed_ms = 0;
    int64_t elapsed_us = 0;       // the same in microseconds (loopback exchanges take less than a millisecond)
    long connections_opened = 0;  // new connections this call needed (0: a pooled one was reused)
    std::string error;            // empty on success

    bool ok() const { return error.empty(); }
};

}  // namespace ipfacts::facilities::http
