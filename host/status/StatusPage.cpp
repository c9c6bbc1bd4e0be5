#include "host/status/StatusPage.h"

#include "host/html/HtmlText.h"
#include "host/status/Badge.h"
#include "host/status/StatusFormat.h"

#include <algorithm>

namespace ipfacts::status {
namespace {

// Readable on a phone (one column, tables scroll sideways inside their own
// box) and in dark mode; SVG colours come from classes, not style attributes,
// so the policy needs no 'unsafe-inline'.
constexpr const char* kStyle =
    "body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}"
    "main{max-width:56rem;margin:0 auto;padding:1rem}"
    "h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem}"
    ".state{padding:.75rem 1rem;border-radius:.4rem;font-weight:600}"
    ".state.up{background:#e3f6e5;color:#0b5e1c}.state.down{background:#fdecea;color:#8a1c12}"
    ".state.degraded{background:#fff4d6;color:#6b4b00}"
    ".scroll{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0;min-width:18rem}"
    "th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd}td{font-variant-numeric:tabular-nums}"
    "caption{text-align:left;font-weight:600;padding:.3rem 0}"
    "svg{display:block;width:100%;height:auto;max-width:40rem}"
    ".bar-up{fill:#2da44e}.bar-mixed{fill:#d4a72c}.bar-down{fill:#cf222e}.bar-none{fill:#d0d7de}"
    ".lat{fill:#0969da}.axis{stroke:#888;stroke-width:1}.label{font-size:10px;fill:#555}"
    "code{word-break:break-all}.muted{color:#555}"
    "@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th,td{border-color:#30363d}"
    ".state.up{background:#12361d;color:#aff5b4}.state.down{background:#42120f;color:#ffc1ba}"
    ".state.degraded{background:#3b2e05;color:#f5d77a}"
    ".muted,.label{color:#9da7b1;fill:#9da7b1}.bar-none{fill:#30363d}}";

using html::escape;

/// A figure cell: the JSON path, the JSON's text of the value, and its unit.
std::string cell(const std::string& field, const std::optional<double>& v, std::string (*text)(double),
                 const char* unit) {
    if (!v) return "<td data-field=\"" + field + "\" data-value=\"null\">no data</td>";
    const std::string t = text(*v);
    return "<td data-field=\"" + field + "\" data-value=\"" + t + "\">" + t + unit + "</td>";
}

std::string countCell(const std::string& field, int64_t v) {
    const std::string t = std::to_string(v);
    return "<td data-field=\"" + field + "\" data-value=\"" + t + "\">" + t + "</td>";
}

/// The figures table of one window pair (overall, or one target in one region).
std::string figuresTable(const std::string& caption, const std::string& path, const WindowFigures& s,
                         const WindowFigures& l) {
    std::string h = "<div class=\"scroll\"><table><caption>" + escape(caption) + "</caption>";
    h += "<thead><tr><th scope=\"col\">Window</th><th scope=\"col\">Uptime</th><th scope=\"col\">Checks</th>"
         "<th scope=\"col\">Down</th><th scope=\"col\">Unknown intervals</th><th scope=\"col\">p50</th>"
         "<th scope=\"col\">p95</th></tr></thead><tbody>";
    h += "<tr><th scope=\"row\">Last 24 hours</th>" + cell(path + ".uptime_24h", s.uptime, percentText, " %") +
         countCell(path + ".checks_24h", s.checks()) + countCell(path + ".down_24h", s.down) +
         countCell(path + ".unknown_intervals_24h", s.unknown) + cell(path + ".p50_ms", s.p50_ms, msText, " ms") +
         cell(path + ".p95_ms", s.p95_ms, msText, " ms") + "</tr>";
    h += "<tr><th scope=\"row\">Last 30 days</th>" + cell(path + ".uptime_30d", l.uptime, percentText, " %") +
         countCell(path + ".checks_30d", l.checks()) + countCell(path + ".down_30d", l.down) +
         countCell(path + ".unknown_intervals_30d", l.unknown) + cell(path + ".p50_ms_30d", l.p50_ms, msText, " ms") +
         cell(path + ".p95_ms_30d", l.p95_ms, msText, " ms") + "</tr></tbody></table></div>";
    return h;
}

std::string dayText(int64_t ms) { return isoText(ms).substr(0, 10); }

/// 30 bars, one per UTC day; each bar has its own title for pointer and screen reader.
std::string dayBars(const std::string& id, const RegionStatus& g) {
    std::string h = "<svg viewBox=\"0 0 300 44\" role=\"img\" aria-labelledby=\"" + id + "-t\"><title id=\"" + id +
                    "-t\">Daily uptime, last 30 days, oldest first</title>";
    for (size_t i = 0; i < g.days.size(); ++i) {
        const DayBar& d = g.days[i];
        const char* cls = !d.uptime ? "bar-none" : d.down == 0 ? "bar-up" : d.up == 0 ? "bar-down" : "bar-mixed";
        std::string what = dayText(d.day_start_ms) + ": " +
                           (d.uptime ? percentText(*d.uptime) + " % up, " + std::to_string(d.up + d.down) + " checks"
                                     : std::string("no checks"));
        h += "<rect class=\"" + std::string(cls) + "\" x=\"" + std::to_string(i * 10) +
             "\" y=\"4\" width=\"8\" height=\"30\" rx=\"1\"><title>" + escape(what) + "</title></rect>";
    }
    h += "<text class=\"label\" x=\"0\" y=\"43\">" + dayText(g.days.front().day_start_ms) +
         "</text><text class=\"label\" x=\"300\" y=\"43\" text-anchor=\"end\">" + dayText(g.days.back().day_start_ms) +
         "</text></svg>";
    return h;
}

/// p50 latency per hour of the last 24 (bars scaled to the highest p95).
std::string latencyChart(const std::string& id, const RegionStatus& g) {
    double top = 0;
    for (const auto& hr : g.hours) top = std::max(top, hr.p95_ms.value_or(0));
    std::string h = "<svg viewBox=\"0 0 300 80\" role=\"img\" aria-labelledby=\"" + id + "-t\"><title id=\"" + id +
                    "-t\">Median latency per hour, last 24 hours, oldest first; highest p95 " +
                    (top > 0 ? msText(top) + " ms" : std::string("none")) + "</title>";
    h += "<line class=\"axis\" x1=\"0\" y1=\"66\" x2=\"300\" y2=\"66\"/>";
    for (size_t i = 0; i < g.hours.size(); ++i) {
        const HourLatency& hr = g.hours[i];
        std::string what = isoText(hr.hour_start_ms).substr(11, 5) + " UTC: " +
                           (hr.p50_ms ? "p50 " + msText(*hr.p50_ms) + " ms, p95 " + msText(*hr.p95_ms) + " ms"
                                      : std::string("no successful checks"));
        double height = hr.p50_ms && top > 0 ? std::max(1.0, 60.0 * *hr.p50_ms / top) : 0;
        h += "<rect class=\"lat\" x=\"" + std::to_string(i * 12 + 1) + "\" y=\"" + numberText(66 - height, 2) +
             "\" width=\"10\" height=\"" + numberText(height, 2) + "\"><title>" + escape(what) + "</title></rect>";
    }
    h += "<text class=\"label\" x=\"0\" y=\"78\">24 h ago</text><text class=\"label\" x=\"300\" y=\"78\" "
         "text-anchor=\"end\">now</text></svg>";
    return h;
}

std::string regionSection(const std::string& path, const std::string& id, const RegionStatus& g) {
    std::string h = "<h3>Region " + escape(g.region) + "</h3><p>Last checked: ";
    if (g.last_checked_at_ms) {
        const std::string at = isoText(*g.last_checked_at_ms);
        h += "<time datetime=\"" + at + "\" data-field=\"" + path + ".last_checked_at\" data-value=\"" + at + "\">" +
             at + "</time>, <span data-field=\"" + path + ".last_ok\" data-value=\"" + (*g.last_ok ? "true" : "false") +
             "\">" + (*g.last_ok ? "up" : "down") + "</span>";
        if (!g.last_error.empty()) h += " (" + escape(g.last_error) + ")";
    } else {
        h += "<span data-field=\"" + path + ".last_checked_at\" data-value=\"null\">never</span>";
    }
    h += "</p>";
    if (!g.reason.empty()) h += "<p class=\"muted\">" + escape(g.reason) + ".</p>";
    h += figuresTable("Figures, region " + g.region, path, g.short_window, g.long_window);
    h += dayBars(id + "-days", g);
    h += latencyChart(id + "-lat", g);
    h += "<details><summary>Daily uptime as a table</summary><div class=\"scroll\"><table><thead><tr>"
         "<th scope=\"col\">Day (UTC)</th><th scope=\"col\">Uptime</th><th scope=\"col\">Checks</th>"
         "<th scope=\"col\">Down</th></tr></thead><tbody>";
    for (auto it = g.days.rbegin(); it != g.days.rend(); ++it)
        h += "<tr><th scope=\"row\">" + dayText(it->day_start_ms) + "</th><td>" +
             (it->uptime ? percentText(*it->uptime) + " %" : std::string("no checks")) + "</td><td>" +
             std::to_string(it->up + it->down) + "</td><td>" + std::to_string(it->down) + "</td></tr>";
    h += "</tbody></table></div></details>";
    return h;
}

std::string flagCell(const std::string& field, bool v, const char* yes, const char* no) {
    return "<td data-field=\"" + field + "\" data-value=\"" + (v ? "true" : "false") + "\">" + (v ? yes : no) + "</td>";
}

/// One upstream's row: its state, its figures over both windows, and this node's counts since the start.
std::string upstreamRow(size_t i, const UpstreamStatus& u) {
    const std::string path = "upstreams." + std::to_string(i);
    return "<tr><td>" + escape(u.facility) + "</td><th scope=\"row\">" + escape(u.upstream) + "</th>" +
           flagCell(path + ".down", u.down, "down", "up") +
           cell(path + ".uptime_24h", u.short_window.uptime, percentText, " %") +
           countCell(path + ".ok_24h", u.short_window.ok) + countCell(path + ".failed_24h", u.short_window.failed) +
           cell(path + ".uptime_30d", u.long_window.uptime, percentText, " %") +
           countCell(path + ".ok_30d", u.long_window.ok) + countCell(path + ".failed_30d", u.long_window.failed) +
           countCell(path + ".failed_in_a_row", u.live.failed_in_a_row) + countCell(path + ".ok", u.live.ok) +
           countCell(path + ".failed", u.live.failed) + "<td>" +
           (u.live.last_failed_ms ? isoText(u.live.last_failed_ms) + ": " + escape(u.live.last_error)
                                  : std::string("none")) +
           "</td></tr>";
}

std::string upstreamsSection(const StatusReport& r) {
    std::string h =
        "<section aria-labelledby=\"upstreams-h\"><h2 id=\"upstreams-h\">Upstreams</h2>"
        "<p>What the service's own upstreams (DNS-over-HTTPS resolvers, registries, blocklist zones, "
        "privacy feeds) answered over the last 24 hours and 30 days, and on this node since <time datetime=\"" +
        isoText(r.upstreams_since_ms) + "\">" + isoText(r.upstreams_since_ms) +
        "</time>, as the facilities that ask them counted. An upstream is down when its latest " +
        std::to_string(r.upstream_down_after) + " exchanges failed.</p>";
    if (r.upstreams.empty()) return h + "<p>No upstream has been asked yet.</p></section>";
    h += "<div class=\"scroll\"><table><caption>Upstreams</caption><thead><tr><th scope=\"col\">Facility</th>"
         "<th scope=\"col\">Upstream</th><th scope=\"col\">State</th><th scope=\"col\">Uptime 24 h</th>"
         "<th scope=\"col\">Answered 24 h</th><th scope=\"col\">Failed 24 h</th><th scope=\"col\">Uptime 30 d</th>"
         "<th scope=\"col\">Answered 30 d</th><th scope=\"col\">Failed 30 d</th><th scope=\"col\">Failed in a row</th>"
         "<th scope=\"col\">Answered since start</th><th scope=\"col\">Failed since start</th>"
         "<th scope=\"col\">Latest failure</th></tr></thead><tbody>";
    for (size_t i = 0; i < r.upstreams.size(); ++i) h += upstreamRow(i, r.upstreams[i]);
    return h + "</tbody></table></div></section>";
}

/// The service's state: not available (a target failed), degraded (an upstream is down), or up.
std::string stateLines(const StatusReport& r) {
    std::string h = "<p class=\"state " + std::string(r.available ? "up" : "down") +
                    "\" role=\"status\" data-field=\"available\" data-value=\"" + (r.available ? "true" : "false") +
                    "\">" +
                    (r.available ? std::string("Available: every target passed its latest check.")
                                 : "Not available: " + escape(r.available_reason) + ".") +
                    "</p>";
    if (r.degraded)
        return h + "<p class=\"state degraded\" data-field=\"degraded\" data-value=\"true\">Degraded: " +
               escape(r.degraded_reason) + ".</p>";
    return h + "<p data-field=\"degraded\" data-value=\"false\">No upstream is down.</p>";
}

}  // namespace

const std::string& statusPagePolicy() {
    static const std::string policy = html::strictPolicy(kStyle);
    return policy;
}

std::string statusPage(const StatusReport& r, const std::string& service_host) {
    std::string h;
    h.reserve(64 * 1024);
    h += "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
         "<link rel=\"icon\" href=\"data:,\"><title>Status of " +
         escape(service_host) + "</title><style>" + kStyle + "</style></head><body><main>";
    h += "<h1>Status of " + escape(service_host) + "</h1>";
    h += stateLines(r);
    const std::string at = isoText(r.generated_at_ms);
    h += "<p>Figures computed at <time datetime=\"" + at + "\" data-field=\"generated_at\" data-value=\"" + at + "\">" +
         at + "</time> in region " + escape(r.region) + ", checking every " + std::to_string(r.interval_s) +
         " seconds. The same figures as JSON: <a href=\"/api/v1/status\">/api/v1/status</a>.</p>";
    h += "<p><img src=\"/status/badge.svg\" alt=\"uptime 24h: " + badgeText(r.overall_short.uptime) +
         "\" height=\"20\"></p>";
    h += "<section aria-labelledby=\"overall-h\"><h2 id=\"overall-h\">Overall</h2>";
    h += figuresTable("Every target, every region", "overall", r.overall_short, r.overall_long);
    h += "</section>";
    for (size_t i = 0; i < r.targets.size(); ++i) {
        const auto& t = r.targets[i];
        const std::string tid = "t" + std::to_string(i);
        h += "<section aria-labelledby=\"" + tid + "-h\"><h2 id=\"" + tid + "-h\">" + escape(t.target.label) + "</h2>";
        h += "<p><code>" + escape(t.target.url) + "</code> (" + escape(t.target.kind) + " check)</p>";
        for (size_t j = 0; j < t.regions.size(); ++j)
            h += regionSection("targets." + std::to_string(i) + ".regions." + std::to_string(j),
                               tid + "r" + std::to_string(j), t.regions[j]);
        h += "</section>";
    }
    h += upstreamsSection(r);
    h +=
        "<section aria-labelledby=\"how-h\"><h2 id=\"how-h\">How these figures are computed</h2><ul>"
        "<li>Uptime is up / (up + down) over the checks in the window: the last 24 hours or the last 30 days.</li>"
        "<li>A check is up when the target answers 2xx or 3xx within the time-out; anything else is down.</li>"
        "<li>An interval with no check (the prober itself was not running) is counted as unknown: neither up nor "
        "down, and left out of the uptime.</li>"
        "<li>p50 and p95 are nearest-rank percentiles of the latencies of successful checks in the window; failed "
        "checks never enter them. The p50 and p95 columns of the 24-hour row are the JSON's p50_ms and p95_ms.</li>"
        "<li>An upstream's uptime is answered / (answered + failed) over its exchanges in the window. The service is "
        "degraded while an upstream is down: its latest exchanges all failed; it is up again with the next answer.</li>"
        "</ul></section></main></body></html>";
    return h;
}

}  // namespace ipfacts::status
