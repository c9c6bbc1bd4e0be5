// HostRoutes: every handler the host serves itself, gathered from the parts
// that declare them (HostHandlerDef), and the check of a manifest's
// `handler: host.<name>` routes against them. The daemon runs the check
// before it opens anything, and --check-config runs it too.
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <memory>
#include <string>
#include <vector>

namespace ipfacts::status {
class StatusService;
}
namespace ipfacts::account {
class AccountService;
}
namespace ipfacts::front {
class FrontDoor;
}
namespace ipfacts::facilities {
class FacilitySet;
}

namespace ipfacts::server {

class Readiness;

/// What serves the host handlers; a null member leaves its handlers declared only.
struct HostServices {
    const std::string* openapi = nullptr;
    status::StatusService* status = nullptr;
    const std::unique_ptr<Readiness>* readiness = nullptr;
    const std::unique_ptr<front::FrontDoor>* front = nullptr;
    account::AccountService* accounts = nullptr;
    std::vector<std::string> readiness_checks;            // the facilities' /readyz checks, for its schema
    const facilities::FacilitySet* facilities = nullptr;  // the started ones (facilities' own routes)
};

/// Every host handler, served by `services`.
std::vector<pipeline::HostHandlerDef> hostHandlers(const HostServices& services);

/// Throws manifest::ManifestError ("file:line: ...") at the first route naming
/// a host handler no part declares, or one this manifest cannot serve.
void checkHostRoutes(const manifest::Manifest& m);

}  // namespace ipfacts::server
