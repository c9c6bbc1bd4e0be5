// StatusService: the status section at work. It owns the clock, the history
// and the prober; runs rounds on its own thread (one per interval, the first
// at start); after each round it recomputes the StatusReport and renders its
// four representations once (JSON, page, SVG badge, shields JSON), which the
// host handlers then serve as they are: every caller between two rounds gets
// the same bytes, and the four agree by construction.
//
// Caching: the host's response cache keeps plugin answers only, never a
// host handler's, so what is served is always the latest computation; the
// JSON's Cache-Control (public, max-age=300) is for the caller's caches.
//
// Tests (status.manual_clock): no thread; the clock and the rounds move only
// through the control handler (routed in the test manifest only, loopback
// callers only): set_ms / advance_s set the clock, probe=1 runs a round at
// the clock's time, and every call recomputes the report.
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/pipeline/Exchange.h"
#include "host/status/Prober.h"
#include "host/status/StatusClock.h"
#include "host/status/StatusConfig.h"
#include "host/status/StatusReport.h"
#include "host/status/UpstreamSampler.h"
#include "host/store/ProbeHistory.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace ipfacts::status {

/// One computation and its renderings.
struct RenderedStatus {
    StatusReport report;
    std::string json;
    std::string page;
    std::string badge_svg;
    std::string badge_json;
};

class StatusService {
public:
    StatusService(StatusConfig config, std::string service_host, std::unique_ptr<ipfacts::store::ProbeHistory> history,
                  std::shared_ptr<const facilities::guard::AddressGuard> guard,
                  std::shared_ptr<facilities::UpstreamOutcomes> outcomes, std::string self_probe_token = "");
    ~StatusService();

    /// Starts the prober thread (not with a manual clock).
    void start();
    /// Stops and joins it; a round in progress ends within its time-out.
    void stop();

    /// The latest computation. Thread-safe.
    std::shared_ptr<const RenderedStatus> current() const;

    /// Runs one round at the clock's time, records it, recomputes. Thread-safe.
    std::vector<ipfacts::store::ProbeSample> runRound();
    /// Recomputes from the history at the clock's time. Thread-safe.
    void refresh();

    // Host handlers (pipeline::HostHandler).
    void serveJson(pipeline::Exchange& ex) const;
    void servePage(pipeline::Exchange& ex) const;
    void serveBadgeSvg(pipeline::Exchange& ex) const;
    void serveBadgeJson(pipeline::Exchange& ex) const;
    void serveControl(pipeline::Exchange& ex);

    const StatusConfig& config() const { return config_; }

private:
    void loop();
    void refreshLocked();  // under round_mu_
    void pruneIfDue(int64_t now_ms);

    StatusConfig config_;
    std::string service_host_;
    std::unique_ptr<ipfacts::store::ProbeHistory> history_;
    std::shared_ptr<facilities::UpstreamOutcomes> outcomes_;
    std::unique_ptr<StatusClock> clock_;
    ManualClock* manual_ = nullptr;  // clock_ when status.manual_clock
    Prober prober_;
    UpstreamSampler upstream_sampler_;  // under round_mu_

    mutable std::mutex mu_;  // current_, stopping_
    std::condition_variable wake_;
    std::shared_ptr<const RenderedStatus> current_;
    bool stopping_ = false;
    std::mutex round_mu_;  // one round or refresh at a time
    int64_t last_prune_ms_ = 0;
    std::thread thread_;
};

}  // namespace ipfacts::status
