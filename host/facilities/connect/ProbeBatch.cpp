#include "host/facilities/connect/ProbeBatch.h"

#include "host/facilities/connect/ProbeRun.h"
#include "host/fiber/FiberPoll.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <memory>

namespace ipfacts::facilities::connect {
namespace {

using Runs = std::vector<std::unique_ptr<ProbeRun>>;

/// One round: expires the runs past their deadline, waits for the others'
/// descriptors until the earliest deadline, resumes those that are ready.
/// False when no run is left waiting.
bool waitRound(Runs& runs, std::vector<pollfd>& fds, std::vector<ProbeRun*>& owners) {
    fds.clear();
    owners.clear();
    int timeout_ms = -1;
    for (auto& run : runs) {
        if (run->finished()) continue;
        if (run->deadline().passed()) {
            run->expire();
            continue;
        }
        Wait w = run->waiting();
        fds.push_back(pollfd{w.fd, w.events, 0});
        owners.push_back(run.get());
        int left = std::max(1, run->deadline().remainingMs());
        timeout_ms = timeout_ms < 0 ? left : std::min(timeout_ms, left);
    }
    if (fds.empty()) return false;
    int n = ipfacts::fiber::poll(fds.data(), static_cast<nfds_t>(fds.size()), timeout_ms);
    if (n < 0) {
        if (errno == EINTR) return true;
        const std::string why = std::string("internal error: poll: ") + std::strerror(errno);
        for (ProbeRun* run : owners) run->abandon(why);
        return false;
    }
    for (size_t i = 0; i < fds.size(); ++i)
        if (fds[i].revents) owners[i]->resume(fds[i].revents);
    return true;
}

}  // namespace

std::vector<TlsProbeResult> probeAll(const guard::AddressGuard& guard, SSL_CTX* ctx,
                                     std::vector<TlsProbeRequest> requests) {
    std::vector<TlsProbeResult> results(requests.size());
    try {
        Runs runs;
        runs.reserve(requests.size());
        for (auto& r : requests) runs.push_back(std::make_unique<ProbeRun>(guard, ctx, std::move(r)));
        std::vector<pollfd> fds;
        std::vector<ProbeRun*> owners;
        while (waitRound(runs, fds, owners)) {
        }
        for (size_t i = 0; i < runs.size(); ++i) results[i] = runs[i]->takeResult();
    } catch (const std::exception& e) {
        // Out of memory: still data, never an exception across the C boundary.
        for (auto& r : results)
            if (r.error.empty() && r.version.empty()) r.error = std::string("internal error: ") + e.what();
    }
    return results;
}

}  // namespace ipfacts::facilities::connect
