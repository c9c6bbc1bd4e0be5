// UpstreamBudget: what the deployment promised each named upstream (registries
// and blocklist operators ban clients that exceed it): requests a minute,
// requests in flight, and a daily quota that is not spent past 80 % (the fields
// it feeds go null with a reason instead: docs/api.md). The minute and day
// counts are the daemon's WindowTally (every node's with store.counters:
// redis: the promise is the deployment's, not each node's); requests in
// flight are this node's own.
#pragma once

#include "host/facilities/http/HttpConfig.h"
#include "host/ratelimit/WindowTally.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities::http {

class UpstreamBudget {
public:
    UpstreamBudget(const std::vector<UpstreamConfig>& upstreams, std::shared_ptr<ratelimit::WindowTally> tally);

    /// The upstream whose hosts include `host` (lower case), or null.
    const UpstreamConfig* upstreamOf(const std::string& host) const;

    /// Takes one request's place for `u` now; the reason when its budget
    /// refuses. A taken place is given back with release(). Thread-safe.
    std::optional<std::string> take(const UpstreamConfig& u, int64_t now_s);
    void release(const UpstreamConfig& u);

    void purge(int64_t now_s) { tally_->purge(now_s); }

private:
    size_t indexOf(const UpstreamConfig& u) const;

    std::vector<UpstreamConfig> upstreams_;
    std::unique_ptr<std::atomic<int64_t>[]> in_flight_;
    std::shared_ptr<ratelimit::WindowTally> tally_;
};

}  // namespace ipfacts::facilities::http
