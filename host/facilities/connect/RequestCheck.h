// RequestCheck: what makes a TLS probe request unusable, said before any
// lookup or socket — a missing port, no name and no address, an address that
// is not an IP literal, a name that is not a host name, unknown or crossed
// TLS versions, a malformed ALPN list.
#pragma once

#include "host/facilities/connect/TlsProbeRequest.h"

#include <string>

namespace ipfacts::facilities::connect {

/// Why `r` cannot be probed ("port is required (1-65535)"); empty when it can.
std::string requestProblem(const TlsProbeRequest& r);

/// Letters, digits, '-', '_' and dots between labels of 1-63 bytes, at most
/// 253 bytes with an optional final dot: what getaddrinfo (and SNI) may see.
bool isHostName(const std::string& name);

/// "TLS 1.2" for 0x0303; "0x0305" for a code no TLS version has.
std::string tlsVersionName(uint16_t code);

}  // namespace ipfacts::facilities::connect
