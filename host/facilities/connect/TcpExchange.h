// TcpExchangeRequest / TcpExchangeResult: one plain TCP exchange — connect to
// a port of a name or an address, write a query, read until the server
// closes (a WHOIS query, RFC 3912). The C views are ipf_tcp_exchange_request
// and ipf_tcp_exchange_result (sdk plugin.h, ABI 1.5).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ipfacts::facilities::connect {

struct TcpExchangeRequest {
    std::string host;  // a host name (resolved, every address tried in order) or an IP literal
    uint16_t port = 0;
    std::string payload;   // written once connected
    int timeout_ms = 0;    // the whole exchange; > 0 once the facility set it
    size_t max_bytes = 0;  // most bytes read; > 0 once the facility set it
};

struct TcpExchangeResult {
    std::string peer_address;  // the address connected to, as the guard judged it; empty when none
    uint16_t peer_port = 0;
    std::string response;  // what the server sent (up to max_bytes)
    int64_t elapsed_ms = 0;
    int attempts = 0;   // connect() calls made
    std::string error;  // empty when the server closed after a complete answer

    bool ok() const { return error.empty(); }
};

/// The read cap of a request that names none.
constexpr size_t kDefaultExchangeBytes = 256 * 1024;

}  // namespace ipfacts::facilities::connect
