#include "host/facilities/connect/ProbeBatch.h"

#include "host/facilities/connect/ProbeRun.h"
#include "host/facilities/connect/RunLoop.h"

#include <exception>
#include <memory>

namespace ipfacts::facilities::connect {

std::vector<TlsProbeResult> probeAll(const guard::AddressGuard& guard, SSL_CTX* ctx,
                                     std::vector<TlsProbeRequest> requests) {
    std::vector<TlsProbeResult> results(requests.size());
    try {
        RunLoop<ProbeRun>::Runs runs;
        runs.reserve(requests.size());
        for (auto& r : requests) runs.push_back(std::make_unique<ProbeRun>(guard, ctx, std::move(r)));
        RunLoop<ProbeRun>::runAll(runs);
        for (size_t i = 0; i < runs.size(); ++i) results[i] = runs[i]->takeResult();
    } catch (const std::exception& e) {
        // Out of memory: still data, never an exception across the C boundary.
        for (auto& r : results)
            if (r.error.empty() && r.version.empty()) r.error = std::string("internal error: ") + e.what();
    }
    return results;
}

}  // namespace ipfacts::facilities::connect
