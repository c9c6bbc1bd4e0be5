#include "host/status/StatusJson.h"

#include "host/status/StatusFormat.h"

#include <ipfacts/json.hpp>

namespace ipfacts::status {
namespace {

void optionalNumber(JsonWriter& w, std::string_view key, const std::optional<double>& v, std::string (*text)(double)) {
    w.key(key);
    if (v)
        w.raw(text(*v));
    else
        w.null();
}

void optionalText(JsonWriter& w, std::string_view key, const std::string& v) {
    w.key(key);
    if (v.empty())
        w.null();
    else
        w.value(v);
}

void optionalTime(JsonWriter& w, std::string_view key, int64_t ms) {
    w.key(key);
    if (ms > 0)
        w.value(isoText(ms));
    else
        w.null();
}

/// The documented figures of the two windows, then the additions. `checks_30d`
/// comes after `checks_24h` in both objects, the service and each region.
void writeWindows(JsonWriter& w, const WindowFigures& s, const WindowFigures& l, bool with_last_check,
                  const RegionStatus* g) {
    optionalNumber(w, "uptime_24h", s.uptime, percentText);
    optionalNumber(w, "uptime_30d", l.uptime, percentText);
    optionalNumber(w, "p50_ms", s.p50_ms, msText);
    optionalNumber(w, "p95_ms", s.p95_ms, msText);
    w.field("checks_24h", s.checks());
    w.field("checks_30d", l.checks());
    if (with_last_check) {
        w.key("last_checked_at");
        if (g->last_checked_at_ms)
            w.value(isoText(*g->last_checked_at_ms));
        else
            w.null();
        w.key("last_ok");
        if (g->last_ok)
            w.value(*g->last_ok);
        else
            w.null();
    }
    w.field("down_24h", s.down);
    w.field("down_30d", l.down);
    w.field("unknown_intervals_24h", s.unknown);
    w.field("unknown_intervals_30d", l.unknown);
    optionalNumber(w, "p50_ms_30d", l.p50_ms, msText);
    optionalNumber(w, "p95_ms_30d", l.p95_ms, msText);
}

void writeOverall(JsonWriter& w, const StatusReport& r) {
    w.key("overall").beginObject();
    writeWindows(w, r.overall_short, r.overall_long, false, nullptr);
    optionalText(w, "reason", r.overall_long.checks() ? "" : "no checks yet");
    w.endObject();
}

void writeRegion(JsonWriter& w, const RegionStatus& g) {
    w.beginObject();
    w.field("region", g.region);
    writeWindows(w, g.short_window, g.long_window, true, &g);
    optionalText(w, "last_error", g.last_error);
    optionalText(w, "reason", g.reason);
    w.endObject();
}

void writeUpstreams(JsonWriter& w, const StatusReport& r) {
    w.key("upstreams").beginArray();
    for (const auto& u : r.upstreams) {
        w.beginObject();
        w.field("facility", u.facility);
        w.field("upstream", u.upstream);
        w.field("down", u.down);
        optionalNumber(w, "uptime_24h", u.short_window.uptime, percentText);
        optionalNumber(w, "uptime_30d", u.long_window.uptime, percentText);
        w.field("ok_24h", u.short_window.ok);
        w.field("failed_24h", u.short_window.failed);
        w.field("ok_30d", u.long_window.ok);
        w.field("failed_30d", u.long_window.failed);
        w.field("failed_in_a_row", u.live.failed_in_a_row);
        w.field("ok", u.live.ok);
        w.field("failed", u.live.failed);
        optionalTime(w, "last_ok_at", u.live.last_ok_ms);
        optionalTime(w, "last_failed_at", u.live.last_failed_ms);
        optionalText(w, "last_error", u.live.last_error);
        w.endObject();
    }
    w.endArray();
    w.field("upstreams_since", isoText(r.upstreams_since_ms));
    w.field("upstream_down_after", r.upstream_down_after);
}

}  // namespace

std::string statusJson(const StatusReport& r, const std::string& source) {
    JsonWriter w;
    w.beginObject();
    w.field("generated_at", isoText(r.generated_at_ms));
    w.field("available", r.available);
    optionalText(w, "available_reason", r.available_reason);
    w.field("degraded", r.degraded);
    optionalText(w, "degraded_reason", r.degraded_reason);
    w.key("window").beginObject();
    w.field("short_hours", r.short_hours);
    w.field("long_days", r.long_days);
    w.endObject();
    writeOverall(w, r);
    w.key("targets").beginArray();
    for (const auto& t : r.targets) {
        w.beginObject();
        w.field("target", t.target.url);
        w.field("label", t.target.label);
        w.field("kind", t.target.kind);
        w.key("regions").beginArray();
        for (const auto& g : t.regions) writeRegion(w, g);
        w.endArray();
        w.endObject();
    }
    w.endArray();
    writeUpstreams(w, r);
    w.field("region", r.region);
    w.field("interval_s", r.interval_s);
    w.field("checked_at", isoText(r.generated_at_ms));
    w.field("source", source);
    w.endObject();
    return w.take();
}

}  // namespace ipfacts::status
