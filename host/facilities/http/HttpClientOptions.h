// HttpClientOptions: what the deployment, not the caller, decides about
// outbound HTTP.
#pragma once

#include <cstddef>
#include <string>

namespace ipfacts::facilities::http {

struct HttpClientOptions {
    std::string ca_file;                  // PEM bundle to verify servers against; empty: the system store
    std::string user_agent = "ipfacts";   // unless a request sets User-Agent
    size_t max_header_bytes = 64 * 1024;  // of one response's header block
};

}  // namespace ipfacts::facilities::http
