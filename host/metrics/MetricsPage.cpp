#include "host/metrics/MetricsPage.h"

#include "host/metrics/ExpositionWriter.h"

#include <algorithm>
#include <iterator>
#include <optional>

namespace ipfacts::metrics {
namespace {

void requests(ExpositionWriter& w, const MetricsSources& s, const ipfacts::pipeline::RequestTotals& t) {
    w.family("ipfacts_http_requests_total", "counter",
             "Requests answered, by route (the manifest's path template) and status code; codes not listed one by one "
             "are counted by class (4xx).");
    for (size_t r = 0; r < t.route_slots; ++r)
        for (size_t slot = 0; slot < pipeline::kStatusSlots; ++slot)
            if (uint64_t n = t.requests[r * pipeline::kStatusSlots + slot])
                w.sample("ipfacts_http_requests_total", {{"route", s.routes[r]}, {"code", pipeline::statusLabel(slot)}},
                         n);
}

void latency(ExpositionWriter& w, const MetricsSources& s, const ipfacts::pipeline::RequestTotals& t) {
    w.family("ipfacts_http_request_duration_seconds", "histogram",
             "Time from a request's parse to its answer being ready, by route.");
    static const std::vector<std::string> bounds = [] {
        std::vector<std::string> b;
        for (int64_t us : pipeline::kLatencyBoundsUs) b.push_back(formatValue(double(us) / 1e6));
        b.emplace_back("+Inf");
        return b;
    }();
    for (size_t r = 0; r < t.route_slots; ++r) {
        uint64_t count = 0;
        for (size_t b = 0; b < pipeline::kLatencyBuckets; ++b) count += t.latency[r * pipeline::kLatencyBuckets + b];
        if (count == 0) continue;  // a route never asked shows no series
        uint64_t cumulative = 0;
        for (size_t b = 0; b < pipeline::kLatencyBuckets; ++b) {
            cumulative += t.latency[r * pipeline::kLatencyBuckets + b];
            w.sample("ipfacts_http_request_duration_seconds_bucket", {{"route", s.routes[r]}, {"le", bounds[b]}},
                     cumulative);
        }
        w.sample("ipfacts_http_request_duration_seconds_sum", {{"route", s.routes[r]}}, double(t.latency_us[r]) / 1e6);
        w.sample("ipfacts_http_request_duration_seconds_count", {{"route", s.routes[r]}}, count);
    }
}

void refusals(ExpositionWriter& w, const ipfacts::pipeline::RequestTotals& t) {
    w.family("ipfacts_http_refusals_total", "counter",
             "Requests refused for quota or load, by error token: 429 rate_limited, challenge_required, "
             "too_many_concurrent, too_many_connections; 503 overloaded.");
    for (size_t i = 0; i < pipeline::kRefusals; ++i)
        w.sample("ipfacts_http_refusals_total", {{"error", refusalToken(ipfacts::pipeline::Refusal(i))}},
                 t.refusals[i]);
    w.family("ipfacts_ratelimit_unavailable_total", "counter",
             "Answers counted on this node because the shared counters (store.counters: redis) did not answer: "
             "X-RateLimit-Policy: unavailable, admitted or refused at the limit per node.");
    w.sample("ipfacts_ratelimit_unavailable_total", {}, t.counted_while_shared_away);
    w.family("ipfacts_open_connections", "gauge", "Client connections open now, on every listener.");
    w.sample("ipfacts_open_connections", {}, t.open_connections);
}

void upstreams(ExpositionWriter& w, const facilities::UpstreamOutcomes& outcomes) {
    w.family("ipfacts_upstream_requests_total", "counter",
             "Exchanges with configured upstreams, by facility (doh, resolver, http), upstream name and outcome (ok, "
             "failed).");
    for (const auto& tally : outcomes.snapshot()) {
        w.sample("ipfacts_upstream_requests_total",
                 {{"facility", tally.facility}, {"upstream", tally.upstream}, {"outcome", "ok"}}, int64_t(tally.ok));
        w.sample("ipfacts_upstream_requests_total",
                 {{"facility", tally.facility}, {"upstream", tally.upstream}, {"outcome", "failed"}},
                 int64_t(tally.failed));
    }
}

/// The samples of `family` the facilities show, taken out of `from` (the page writes them after its own).
std::vector<facilities::MetricSample> takeSamples(std::vector<facilities::MetricFamily>& from,
                                                  std::string_view family) {
    std::vector<facilities::MetricSample> out;
    for (auto& f : from)
        if (f.name == family) std::move(f.samples.begin(), f.samples.end(), std::back_inserter(out));
    from.erase(std::remove_if(from.begin(), from.end(), [family](const auto& f) { return f.name == family; }),
               from.end());
    return out;
}

void facilitySamples(ExpositionWriter& w, std::string_view family, const std::vector<facilities::MetricSample>& all) {
    for (const auto& s : all) w.sample(family, s.labels, s.value);
}

void caches(ExpositionWriter& w, const MetricsSources& s, std::vector<facilities::MetricFamily>& facility) {
    std::optional<cache::CacheStats> response;
    if (s.response_cache) response = s.response_cache();
    auto family = [&](const char* name, const char* type, const char* help, uint64_t cache::CacheStats::*n) {
        w.family(name, type, help);
        if (response) w.sample(name, {{"cache", "response"}}, (*response).*n);
        facilitySamples(w, name, takeSamples(facility, name));
    };
    family("ipfacts_cache_hits_total", "counter",
           "Look-ups answered from memory: cache=response (the host's response cache), plugins (the cache facility).",
           &cache::CacheStats::hits);
    family("ipfacts_cache_misses_total", "counter", "Look-ups not answered from memory (an expired entry is a miss).",
           &cache::CacheStats::misses);
    family("ipfacts_cache_entries", "gauge", "Entries held now.", &cache::CacheStats::entries);
}

/// The facilities' own families, each after its HELP and TYPE.
void facilityFamilies(ExpositionWriter& w, const std::vector<facilities::MetricFamily>& families) {
    for (const auto& f : families) {
        w.family(f.name, f.type, f.help);
        facilitySamples(w, f.name, f.samples);
    }
}

void workers(ExpositionWriter& w, const MetricsSources& s) {
    if (!s.worker_fibers) return;
    w.family("ipfacts_worker_queue_depth", "gauge",
             "Requests on the workers now (running, parked on an upstream, or queued): fibers in use.");
    w.sample("ipfacts_worker_queue_depth", {}, uint64_t(s.worker_fibers()));
    w.family("ipfacts_worker_queue_capacity", "gauge",
             "Fibers the workers take at most (server.queue); past it, 503 overloaded.");
    w.sample("ipfacts_worker_queue_capacity", {}, uint64_t(s.worker_fibers_max));
}

void tally(ExpositionWriter& w, const MetricsSources& s) {
    if (!s.tally_fallbacks) return;
    w.family("ipfacts_shared_tally_fallbacks_total", "counter",
             "Sign-in mails, unknown keys, meter and upstream uses counted by this node alone while Redis was away.");
    w.sample("ipfacts_shared_tally_fallbacks_total", {}, s.tally_fallbacks());
}

}  // namespace

std::string renderMetrics(const MetricsSources& s, int64_t now_unix) {
    ExpositionWriter w;
    w.family("ipfacts_build_info", "gauge", "The running build: version and plugin ABI; always 1.");
    w.sample("ipfacts_build_info", {{"version", s.version}, {"abi", s.abi}}, int64_t(1));
    w.family("ipfacts_start_time_seconds", "gauge", "When the process started, Unix seconds.");
    w.sample("ipfacts_start_time_seconds", {}, s.start_unix);
    if (s.requests) {
        const ipfacts::pipeline::RequestTotals t = s.requests->totals();
        requests(w, s, t);
        latency(w, s, t);
        refusals(w, t);
    }
    workers(w, s);
    tally(w, s);
    if (s.outcomes) upstreams(w, *s.outcomes);
    auto facility = s.facilities ? s.facilities(now_unix) : std::vector<facilities::MetricFamily>{};
    caches(w, s, facility);
    facilityFamilies(w, facility);
    return w.text();
}

}  // namespace ipfacts::metrics
