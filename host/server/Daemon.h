// Daemon: ipfactsd assembled from a manifest — plugins loaded, routes bound,
// the OpenAPI document built, event loops and workers started — and run until
// SIGTERM or SIGINT.
#pragma once

#include "host/manifest/Manifest.h"

#include <memory>

namespace ipfacts::server {

class Daemon {
public:
    /// Builds everything; throws std::runtime_error (or ManifestError) with
    /// the reason when the service cannot start.
    explicit Daemon(manifest::Manifest m);
    ~Daemon();

    /// Serves until a stop signal, then shuts down cleanly. Returns the exit code.
    int run();

    struct Parts;

private:
    std::unique_ptr<Parts> parts_;
};

/// Blocks the stop and reload signals in the calling thread (and the threads
/// it starts later) so the daemon can wait for them synchronously.
void blockServiceSignals();

}  // namespace ipfacts::server
