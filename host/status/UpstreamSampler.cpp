#include "host/status/UpstreamSampler.h"

namespace ipfacts::status {

std::vector<ipfacts::store::UpstreamSample> UpstreamSampler::take(const std::vector<facilities::UpstreamTally>& tallies,
                                                                  const std::string& region, int64_t at_ms) {
    std::vector<ipfacts::store::UpstreamSample> out;
    for (const auto& t : tallies) {
        Seen& before = seen_[{t.facility, t.upstream}];
        const int64_t ok = t.ok - before.ok, failed = t.failed - before.failed;
        before = Seen{t.ok, t.failed};
        if (ok <= 0 && failed <= 0) continue;
        out.push_back(ipfacts::store::UpstreamSample{t.facility, t.upstream, region, at_ms, ok, failed,
                                                     failed > 0 ? t.last_error : std::string()});
    }
    return out;
}

}  // namespace ipfacts::status
