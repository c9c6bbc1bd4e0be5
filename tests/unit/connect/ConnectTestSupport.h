// Shared by the connect facility's suites: the registry path, a guard that
// allows exactly the blocks given, a facility over it, and a probe request
// for a loopback port.
#pragma once

#include "host/facilities/connect/ConnectFacility.h"
#include "host/facilities/guard/AddressGuard.h"

#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <string>

namespace ipfacts::testing {

inline std::string registryPath() {
    const char* src = std::getenv("IPFACTS_SOURCE_DIR");
    return std::string(src ? src : ".") + "/etc/netdb/special-purpose.yaml";
}

inline std::shared_ptr<const facilities::guard::AddressGuard> guardAllowing(std::initializer_list<const char*> blocks) {
    facilities::guard::GuardConfig c;
    for (const char* b : blocks) c.addAllowed(b);
    return std::make_shared<const facilities::guard::AddressGuard>(registryPath(), c);
}

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
