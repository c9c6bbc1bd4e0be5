// SuiteResolver: the loopback unbound that serves the SPF suite's zone data,
// one scenario at a time. It starts once; each scenario is a new zone file
// and local-zone list followed by `unbound-control reload`, so ~400 cases
// cost one process start and ~30 reloads. The daemon's output and files
// stay in its state folder.
#pragma once

#include "tests/spf/ScenarioZone.h"

#include <string>

namespace ipfacts::testing::spf {

class SuiteResolver {
public:
    /// Starts unbound on a free 127.0.0.1 port with `dir` as its folder
    /// (wiped first); throws std::runtime_error when it does not answer.
    explicit SuiteResolver(std::string dir);
    /// Stops the unbound it started (SIGTERM, then SIGKILL).
    ~SuiteResolver();
    SuiteResolver(const SuiteResolver&) = delete;
    SuiteResolver& operator=(const SuiteResolver&) = delete;

    int port() const { return port_; }
    /// Serves `zone` from now on; returns once unbound answers with
    /// `marker` (the scenario's), throws when it does not within 10 s.
    void load(const ScenarioZone& zone, const std::string& marker);

private:
    void writeFiles(const ScenarioZone& zone);
    bool answersMarker(const std::string& marker) const;
    bool startOnce();

    std::string dir_;
    int port_ = 0;
    int pid_ = -1;
};

}  // namespace ipfacts::testing::spf
