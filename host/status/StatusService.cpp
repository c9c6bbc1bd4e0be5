#include "host/status/StatusService.h"

#include "host/net/IpAddress.h"
#include "host/pipeline/ErrorEnvelope.h"
#include "host/status/Badge.h"
#include "host/status/StatusJson.h"
#include "host/status/StatusPage.h"
#include "host/status/UpstreamAccounting.h"
#include "host/status/UptimeAccounting.h"

#include <ipfacts/json.hpp>

#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>

namespace ipfacts::status {
namespace {

constexpr int64_t kDayMs = 86400 * 1000;
constexpr int64_t kPruneEveryMs = 3600 * 1000;

std::unique_ptr<StatusClock> clockOf(const StatusConfig& c) {
    if (c.manual_clock) return std::make_unique<ManualClock>(SystemClock().nowMs());
    return std::make_unique<SystemClock>();
}

std::optional<int64_t> integerParam(const pipeline::Exchange& ex, std::string_view name) {
    for (const auto& [k, v] : ex.query)
        if (k == name) {
            int64_t out = 0;
            auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
            if (ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
            return out;
        }
    return std::nullopt;
}

bool hasParam(const pipeline::Exchange& ex, std::string_view name) {
    for (const auto& [k, v] : ex.query)
        if (k == name) return true;
    return false;
}

bool loopback(const net::IpAddress& a) {
    static const auto v4 = net::CidrRange::parse("127.0.0.0/8");
    static const auto v6 = net::CidrRange::parse("::1/128");
    return v4->contains(a) || v6->contains(a);
}

void serve(pipeline::Exchange& ex, const char* type, const std::string& body) {
    ex.response.status = 200;
    ex.response.content_type = type;
    ex.response.body = body;
}

}  // namespace

StatusService::StatusService(StatusConfig config, std::string service_host,
                             std::unique_ptr<ipfacts::store::ProbeHistory> history,
                             std::shared_ptr<const facilities::guard::AddressGuard> guard,
                             std::shared_ptr<facilities::UpstreamOutcomes> outcomes, std::string self_probe_token)
    : config_(std::move(config)),
      service_host_(std::move(service_host)),
      history_(std::move(history)),
      outcomes_(std::move(outcomes)),
      clock_(clockOf(config_)),
      manual_(config_.manual_clock ? static_cast<ManualClock*>(clock_.get()) : nullptr),
      prober_(config_, std::move(guard), std::move(self_probe_token)) {
    refresh();
}

StatusService::~StatusService() { stop(); }

void StatusService::start() {
    std::string allow;
    for (const auto& a : config_.allow) allow += (allow.empty() ? "" : ", ") + a;
    spdlog::info("status: {} targets every {} s from region {}{}{}", config_.targets.size(), config_.interval_s,
                 config_.region, allow.empty() ? "" : "; the prober alone may reach ", allow);
    if (manual_) spdlog::warn("status: manual clock (tests only): no round runs by itself");
    if (manual_ || thread_.joinable()) return;
    thread_ = std::thread([this] { loop(); });
}

void StatusService::stop() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

std::shared_ptr<const RenderedStatus> StatusService::current() const {
    std::lock_guard lock(mu_);
    return current_;
}

void StatusService::loop() {
    const int64_t interval_ms = int64_t(config_.interval_s) * 1000;
    while (true) {
        try {
            runRound();
        } catch (const std::exception& e) {
            // A history that cannot be written is logged; the next round tries again.
            spdlog::error("status: round failed: {}", e.what());
        }
        // The next round at the start of the next interval of the epoch.
        const int64_t now = clock_->nowMs();
        const int64_t wait_ms = (now / interval_ms + 1) * interval_ms - now;
        std::unique_lock lock(mu_);
        if (wake_.wait_for(lock, std::chrono::milliseconds(wait_ms), [this] { return stopping_; })) return;
    }
}

void StatusService::pruneIfDue(int64_t now_ms) {
    if (now_ms - last_prune_ms_ < kPruneEveryMs && now_ms >= last_prune_ms_) return;
    last_prune_ms_ = now_ms;
    int64_t gone = history_->pruneBefore(now_ms - int64_t(config_.retention_days) * kDayMs);
    if (gone) spdlog::info("status: pruned {} samples older than {} days", gone, config_.retention_days);
}

std::vector<ipfacts::store::ProbeSample> StatusService::runRound() {
    std::lock_guard round(round_mu_);
    const int64_t now = clock_->nowMs();
    auto samples = prober_.round(now);
    history_->record(samples);
    // What the upstreams answered since the last round, at this round's time.
    if (outcomes_) history_->recordUpstreams(upstream_sampler_.take(outcomes_->snapshot(), config_.region, now));
    for (const auto& s : samples)
        if (!s.ok) spdlog::warn("status: {} is down from {}: {}", s.target, s.region, s.error);
    refreshLocked();
    return samples;
}

void StatusService::refresh() {
    std::lock_guard round(round_mu_);
    refreshLocked();
}

void StatusService::refreshLocked() {
    const int64_t now = clock_->nowMs();
    pruneIfDue(now);
    auto r = std::make_shared<RenderedStatus>();
    r->report = computeStatus(config_, history_->between(now - kLongWindowMs, now), now);
    const std::vector<facilities::UpstreamTally> live =
        outcomes_ ? outcomes_->snapshot() : std::vector<facilities::UpstreamTally>();
    addUpstreams(r->report,
                 upstreamStatus(history_->upstreamTotals(now - kShortWindowMs, now),
                                history_->upstreamTotals(now - kLongWindowMs, now), live, config_.upstream_down_after),
                 config_.upstream_down_after);
    if (outcomes_) r->report.upstreams_since_ms = outcomes_->sinceMs();
    r->json = statusJson(r->report, service_host_);
    r->page = statusPage(r->report, service_host_);
    r->badge_svg = badgeSvg(r->report.overall_short.uptime);
    r->badge_json = badgeJson(r->report.overall_short.uptime);
    std::lock_guard lock(mu_);
    current_ = std::move(r);
}

void StatusService::serveJson(pipeline::Exchange& ex) const { serve(ex, "application/json", current()->json); }

void StatusService::servePage(pipeline::Exchange& ex) const {
    serve(ex, "text/html; charset=utf-8", current()->page);
    ex.response.addHeader("Content-Security-Policy", statusPagePolicy());
    ex.response.addHeader("Referrer-Policy", "no-referrer");
}

void StatusService::serveBadgeSvg(pipeline::Exchange& ex) const {
    serve(ex, "image/svg+xml", current()->badge_svg);
    // Opened on its own the SVG is a document: nothing in it may load or run.
    ex.response.addHeader("Content-Security-Policy", "default-src 'none'");
}

void StatusService::serveBadgeJson(pipeline::Exchange& ex) const {
    serve(ex, "application/json", current()->badge_json);
}

void StatusService::serveControl(pipeline::Exchange& ex) {
    if (!manual_ || !loopback(ex.client)) {
        pipeline::writeError(ex.response, 404, "not_found", "no such path");
        return;
    }
    auto set_ms = integerParam(ex, "set_ms");
    auto advance_s = integerParam(ex, "advance_s");
    if ((hasParam(ex, "set_ms") && !set_ms) || (hasParam(ex, "advance_s") && !advance_s)) {
        pipeline::writeError(ex.response, 400, "invalid_parameter", "set_ms and advance_s must be whole numbers");
        return;
    }
    if (set_ms) manual_->set(*set_ms);
    if (advance_s) manual_->set(manual_->nowMs() + *advance_s * 1000);
    std::vector<ipfacts::store::ProbeSample> samples;
    if (hasParam(ex, "probe"))
        samples = runRound();
    else
        refresh();
    JsonWriter w;
    w.beginObject();
    w.field("now_ms", static_cast<long long>(clock_->nowMs()));
    w.key("samples").beginArray();
    for (const auto& s : samples) {
        w.beginObject();
        w.field("target", s.target);
        w.field("at_ms", static_cast<long long>(s.at_ms));
        w.field("ok", s.ok);
        w.field("http_status", s.http_status);
        w.field("latency_us", static_cast<long long>(s.latency_us));
        w.field("error", s.error);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    serve(ex, "application/json", w.take());
}

}  // namespace ipfacts::status
