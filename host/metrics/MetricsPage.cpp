#include "host/metrics/MetricsPage.h"

#include "host/metrics/ExpositionWriter.h"

#include <sys/stat.h>

namespace ipfacts::metrics {
namespace {

void requests(ExpositionWriter& w, const MetricsSources& s, const RequestTotals& t) {
    w.family("ipfacts_http_requests_total", "counter",
             "Requests answered, by route (the manifest's path template) and status code; codes not listed one by one "
             "are counted by class (4xx).");
    for (size_t r = 0; r < t.route_slots; ++r)
        for (size_t slot = 0; slot < kStatusSlots; ++slot)
            if (uint64_t n = t.requests[r * kStatusSlots + slot])
                w.sample("ipfacts_http_requests_total", {{"route", s.routes[r]}, {"code", statusLabel(slot)}}, n);
}

void latency(ExpositionWriter& w, const MetricsSources& s, const RequestTotals& t) {
    w.family("ipfacts_http_request_duration_seconds", "histogram",
             "Time from a request's parse to its answer being ready, by route.");
    static const std::vector<std::string> bounds = [] {
        std::vector<std::string> b;
        for (int64_t us : kLatencyBoundsUs) b.push_back(formatValue(double(us) / 1e6));
        b.emplace_back("+Inf");
        return b;
    }();
    for (size_t r = 0; r < t.route_slots; ++r) {
        uint64_t count = 0;
        for (size_t b = 0; b < kLatencyBuckets; ++b) count += t.latency[r * kLatencyBuckets + b];
        if (count == 0) continue;  // a route never asked shows no series
        uint64_t cumulative = 0;
        for (size_t b = 0; b < kLatencyBuckets; ++b) {
            cumulative += t.latency[r * kLatencyBuckets + b];
            w.sample("ipfacts_http_request_duration_seconds_bucket", {{"route", s.routes[r]}, {"le", bounds[b]}},
                     cumulative);
        }
        w.sample("ipfacts_http_request_duration_seconds_sum", {{"route", s.routes[r]}}, double(t.latency_us[r]) / 1e6);
        w.sample("ipfacts_http_request_duration_seconds_count", {{"route", s.routes[r]}}, count);
    }
}

void refusals(ExpositionWriter& w, const RequestTotals& t) {
    w.family("ipfacts_http_refusals_total", "counter",
             "Requests refused for quota or load, by error token: 429 rate_limited, challenge_required, "
             "too_many_concurrent, too_many_connections; 503 overloaded.");
    for (size_t i = 0; i < kRefusals; ++i)
        w.sample("ipfacts_http_refusals_total", {{"error", refusalToken(Refusal(i))}}, t.refusals[i]);
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

void caches(ExpositionWriter& w, const MetricsSources& s) {
    std::vector<std::pair<std::string_view, facilities::cache::CacheStats>> all;
    if (s.response_cache) all.emplace_back("response", s.response_cache());
    if (s.plugin_cache) all.emplace_back("plugins", s.plugin_cache());
    w.family(
        "ipfacts_cache_hits_total", "counter",
        "Look-ups answered from memory: cache=response (the host's response cache), plugins (the cache facility).");
    for (const auto& [name, st] : all) w.sample("ipfacts_cache_hits_total", {{"cache", name}}, st.hits);
    w.family("ipfacts_cache_misses_total", "counter",
             "Look-ups not answered from memory (an expired entry is a miss).");
    for (const auto& [name, st] : all) w.sample("ipfacts_cache_misses_total", {{"cache", name}}, st.misses);
    w.family("ipfacts_cache_entries", "gauge", "Entries held now.");
    for (const auto& [name, st] : all) w.sample("ipfacts_cache_entries", {{"cache", name}}, st.entries);
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

void data(ExpositionWriter& w, const MetricsSources& s, int64_t now) {
    if (!s.data_files.empty()) {
        w.family("ipfacts_data_file_age_seconds", "gauge",
                 "Seconds since each data file of the netdb: section was modified, by kind and path.");
        for (const auto& f : s.data_files) {
            struct stat st {};
            if (::stat(f.path.c_str(), &st) != 0) continue;  // gone since the load: no sample rather than a made-up age
            w.sample("ipfacts_data_file_age_seconds", {{"kind", f.kind}, {"file", f.path}},
                     int64_t(now - int64_t(st.st_mtime)));
        }
    }
    if (s.netdb_loaded_unix) {
        w.family("ipfacts_data_loaded_age_seconds", "gauge",
                 "Seconds since the address data in use was loaded (at start, or by the last SIGHUP that succeeded).");
        w.sample("ipfacts_data_loaded_age_seconds", {}, int64_t(now - s.netdb_loaded_unix()));
    }
}

}  // namespace

std::string renderMetrics(const MetricsSources& s, int64_t now_unix) {
    ExpositionWriter w;
    w.family("ipfacts_build_info", "gauge", "The running build: version and plugin ABI; always 1.");
    w.sample("ipfacts_build_info", {{"version", s.version}, {"abi", s.abi}}, int64_t(1));
    w.family("ipfacts_start_time_seconds", "gauge", "When the process started, Unix seconds.");
    w.sample("ipfacts_start_time_seconds", {}, s.start_unix);
    if (s.requests) {
        const RequestTotals t = s.requests->totals();
        requests(w, s, t);
        latency(w, s, t);
        refusals(w, t);
    }
    workers(w, s);
    if (s.outcomes) upstreams(w, *s.outcomes);
    caches(w, s);
    data(w, s, now_unix);
    return w.text();
}

}  // namespace ipfacts::metrics
