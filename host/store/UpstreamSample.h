// UpstreamSample: what one upstream answered during one prober round, as the
// history keeps it beside the probes, so the status report can give each
// upstream's figures over the same 24-hour and 30-day windows as the targets.
// The facilities count every exchange (facilities::UpstreamOutcomes); each
// round the status service records what was added since the last round.
#pragma once

#include <cstdint>
#include <string>

namespace ipfacts::store {

struct UpstreamSample {
    std::string facility;    // "doh", "resolver", "http", "blocklist", "privacy", "whois"
    std::string upstream;    // its configured name
    std::string region;      // the node whose facilities asked
    int64_t at_ms = 0;       // the round's time, Unix ms
    int64_t ok = 0;          // exchanges answered since the previous round
    int64_t failed = 0;      // exchanges failed since the previous round
    std::string last_error;  // of the latest failure among them; empty without one
};

/// One upstream's sums over a window (every region of the history).
struct UpstreamTotals {
    std::string facility;
    std::string upstream;
    int64_t ok = 0;
    int64_t failed = 0;
};

}  // namespace ipfacts::store
