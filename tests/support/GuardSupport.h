// Shared by the outbound facilities' suites (http, connect): the registry
// path and a guard that allows exactly the blocks given. Header-only.
#pragma once

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

}  // namespace ipfacts::testing
