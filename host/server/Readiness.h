// Readiness: /healthz and /readyz, the host's answers to a load balancer or
// an orchestrator. /healthz says the process answers (a loop served it).
// /readyz says whether this node can serve its public API, so should get
// traffic: every plugin the manifest names loaded and every route wired, each
// facility's own deciding check (Facility::readiness: netdb's address data
// loaded), the live keys loaded, and not shutting down. The store's check is
// shown but does not decide: while PostgreSQL is away every node serves from
// memory, and a load balancer told otherwise would drain them all at once.
// An upstream that fails (a DoH resolver, a registry) does not make a node
// unready: every node shares the upstreams, so taking nodes out would only
// turn one degraded field into no service; the status page reports those.
#pragma once

#include "host/pipeline/Exchange.h"

#include <atomic>
#include <string>
#include <vector>

namespace ipfacts::facilities {
class FacilitySet;
}
namespace ipfacts::store {
class LiveKeyCache;
}

namespace ipfacts::server {

class Readiness {
public:
    /// `refused`: plugins the manifest names that did not load; `skipped`:
    /// routes not wired (their plugin or handler missing).
    Readiness(const facilities::FacilitySet& facilities, std::vector<std::string> refused,
              std::vector<std::string> skipped);

    /// Adds the check "keys": the key cache has loaded (until then keys cannot be told apart).
    void watchKeys(const store::LiveKeyCache* keys) { keys_ = keys; }

    /// SIGTERM: from now on /readyz answers 503 (drain this node).
    void stopping() { stopping_ = true; }

    /// GET /healthz: 200 "ok\n". Never blocks.
    static void serveHealth(pipeline::Exchange& ex);
    /// GET /readyz: 200 or 503 with {"ready", "checks": [{name, ok, detail}]}.
    /// Reads the store: worker threads only.
    void serveReady(pipeline::Exchange& ex) const;

private:
    const facilities::FacilitySet& facilities_;
    std::vector<std::string> refused_;
    std::vector<std::string> skipped_;
    std::atomic<bool> stopping_{false};
    const store::LiveKeyCache* keys_ = nullptr;
};

}  // namespace ipfacts::server
