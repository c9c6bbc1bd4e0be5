// UpstreamSampler: turns the facilities' running counts (UpstreamOutcomes,
// since the process started) into one UpstreamSample per upstream and prober
// round: what was answered and what failed since the previous round. The
// history keeps those, so the report can sum any window of them.
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/store/UpstreamSample.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::status {

class UpstreamSampler {
public:
    /// The counts added to `tallies` since the previous call, at `at_ms`
    /// from `region`; an upstream that was not asked meanwhile has no sample.
    /// The first call counts from the process start. Not thread-safe (the
    /// status service calls it under its round lock).
    std::vector<ipfacts::store::UpstreamSample> take(const std::vector<facilities::UpstreamTally>& tallies,
                                                     const std::string& region, int64_t at_ms);

private:
    struct Seen {
        int64_t ok = 0;
        int64_t failed = 0;
    };
    std::map<std::pair<std::string, std::string>, Seen> seen_;
};

}  // namespace ipfacts::status
