// ScenarioZone: a scenario's zone data as a loopback unbound serves it. The
// records go into a zone file for the root (an auth-zone: NXDOMAIN and
// NODATA as an authoritative server gives them). A TIMEOUT name becomes a
// `deny` local-zone, which drops queries, with its records as local-data
// (answered; other types dropped) and its listed subnames `transparent`
// (served by the zone file). As the suite's own driver does, an SPF (type
// 99) record is also served as TXT when its name has no TXT record, and
// "NONE" serves nothing.
#pragma once

#include "tests/spf/SuiteFile.h"

#include <string>

namespace ipfacts::testing::spf {

struct ScenarioZone {
    std::string zoneFile;    ///< master-file text for "."
    std::string serverConf;  ///< unbound "server:" clause text: local-zones and local-data
};

/// `marker` is served as the TXT record of "scenario.spf-suite." so a
/// caller can see the zone it loaded is this one.
ScenarioZone scenarioZone(const SuiteScenario& scenario, const std::string& marker);

}  // namespace ipfacts::testing::spf
