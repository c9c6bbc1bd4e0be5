// RunLoop: drives several runs (TLS probes, TCP exchanges) at once on the
// calling thread. Every wait goes through one ipfacts::fiber::poll over all
// the runs' descriptors, so a batch holds no thread more than a single run
// would, and on a request fiber parks only that fiber. Each run ends by its
// own deadline; the loop ends with the last.
//
// A Run offers finished(), deadline(), waiting(), resume(revents), expire()
// and abandon(why) (ProbeRun, ExchangeRun).
#pragma once

#include "host/fiber/FiberPoll.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace ipfacts::facilities::connect {

template <class Run>
class RunLoop {
public:
    using Runs = std::vector<std::unique_ptr<Run>>;

    /// Waits until every run in `runs` is finished. Never throws past a bad_alloc.
    static void runAll(Runs& runs) {
        std::vector<pollfd> fds;
        std::vector<Run*> owners;
        while (waitRound(runs, fds, owners)) {
        }
    }

private:
    /// One round: expires the runs past their deadline, waits for the others'
    /// descriptors until the earliest deadline, resumes those that are ready.
    /// False when no run is left waiting.
    static bool waitRound(Runs& runs, std::vector<pollfd>& fds, std::vector<Run*>& owners) {
        fds.clear();
        owners.clear();
        int timeout_ms = -1;
        for (auto& run : runs) {
            if (run->finished()) continue;
            if (run->deadline().passed()) {
                run->expire();
                continue;
            }
            auto w = run->waiting();
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
            for (Run* run : owners) run->abandon(why);
            return false;
        }
        for (size_t i = 0; i < fds.size(); ++i)
            if (fds[i].revents) owners[i]->resume(fds[i].revents);
        return true;
    }
};

}  // namespace ipfacts::facilities::connect
