// Prober: checks every configured target once per interval (status:
// interval_s), at the start of each interval of the Unix epoch, with a GET
// through its own guarded HttpClient, and records one sample per target in
// the history. Its guard is the host's registry plus status.allow only: the
// blocks it opens (its own listeners on loopback) are never open to plugins,
// whose guard is the guard: section's. Redirects are not followed (a 3xx is
// an answer, and a hop cannot lead the prober elsewhere). A target on a
// loopback address (this node itself) gets the daemon's self-probe token, so
// the pipeline leaves its probes out of the rate counters: a probe a minute
// from 127.0.0.1 must not spend the quota of an operator trying /ip there.
#pragma once

#include "host/facilities/http/HttpClient.h"
#include "host/status/StatusConfig.h"
#include "host/store/ProbeSample.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::status {

class Prober {
public:
    /// `self_token`: sent as X-Ipfacts-Self-Probe to loopback targets only; empty: never.
    Prober(const StatusConfig& config, std::shared_ptr<const facilities::guard::AddressGuard> guard,
           std::string self_token = "");

    /// Checks every target now; sample i is target i's, stamped `at_ms`.
    /// Blocks for at most the time-out (plus libcurl's second of grace);
    /// on a request fiber it parks the fiber instead. Never throws for a
    /// target's failure.
    std::vector<ipfacts::store::ProbeSample> round(int64_t at_ms) const;

private:
    const StatusConfig& config_;
    facilities::http::HttpClient client_;
    std::string self_token_;
};

}  // namespace ipfacts::status
