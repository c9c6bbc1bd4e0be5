// Shared by the connect facility's suites (the guard: tests/support/GuardSupport.h):
// a facility whose guard allows the blocks given, and a probe request
// for a loopback port.
#pragma once

#include "tests/support/GuardSupport.h"

#include "host/facilities/connect/ConnectFacility.h"
#include "host/facilities/guard/AddressGuard.h"

#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <string>

namespace ipfacts::testing {

/// A connect facility whose guard allows `blocks`, trusting `ca_file` (empty: the system's store).
inline std::unique_ptr<facilities::connect::ConnectFacility> connectFacility(
    std::initializer_list<const char*> blocks, const std::string& ca_file = "",
    facilities::connect::ConnectConfig config = {}) {
    config.ca_file = ca_file;
    return std::make_unique<facilities::connect::ConnectFacility>(config, guardAllowing(blocks));
}

inline facilities::connect::TlsProbeRequest probeOf(int port, const std::string& address = "127.0.0.1",
                                                    int timeout_ms = 5000) {
    facilities::connect::TlsProbeRequest r;
    r.address = address;
    r.port = static_cast<uint16_t>(port);
    r.timeout_ms = timeout_ms;
    return r;
}

inline facilities::connect::TlsProbeResult probe(facilities::connect::ConnectFacility& f,
                                                 const facilities::connect::TlsProbeRequest& r) {
    return f.probeAll({r}).front();
}

}  // namespace ipfacts::testing
