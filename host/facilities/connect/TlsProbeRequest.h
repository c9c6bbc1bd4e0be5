// TlsProbeRequest: what one caller asks the connect facility to do — connect
// to a port of a name or an address and run a TLS handshake with the versions
// it chooses. The C view is ipf_tls_probe_request (sdk plugin.h, ABI 1.4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::connect {

struct TlsProbeRequest {
    std::string server_name;  // sent as SNI (unless an IP literal); resolved when `address` is empty
    std::string address;      // IP literal to connect to; empty: every address of server_name, in order
    uint16_t port = 0;
    uint16_t min_version = 0;       // TLS wire code (0x0301 TLS 1.0 ... 0x0304 TLS 1.3); 0: TLS 1.0
    uint16_t max_version = 0;       // 0: TLS 1.3
    int timeout_ms = 0;             // the whole probe: lookup, connect and handshake; > 0 once the facility set it
    std::vector<std::string> alpn;  // protocols offered, in order; empty: no ALPN extension
};

}  // namespace ipfacts::facilities::connect
