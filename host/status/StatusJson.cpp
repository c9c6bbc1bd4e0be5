#include "host/status/StatusJson.h"

#include "host/status/StatusFormat.h"

#include <ipfacts/json.hpp>

namespace ipfacts::status {
namespace {

void optionalNumber(JsonWriter& w, std::string_view key, const std::optional<double>& v, std::string (*text)(double)) {
    w.key(key);
    if (v) w.raw(text(*v));
    else w.null();
}

void optionalText(JsonWriter& w, std::string_view key, const std::string& v) {
    w.key(key);
    if (v.empty()) w.null();
    else w.value(v);
}

void optionalTime(JsonWriter& w, std::string_view key, int64_t ms) {
    w.key(key);
    if (ms > 0) w.value(isoText(ms));
    else w.null();
}

void writeOverall(JsonWriter& w, const StatusReport& r) {
    w.key("overall").beginObject();
    optionalNumber(w, "uptime_24h", r.overall_short.uptime, percentText);
    optionalNumber(w, "uptime_30d", r.overall_long.uptime, percentText);
    optionalNumber(w, "p50_ms", r.overall_short.p50_ms, msText);
    optionalNumber(w, "p95_ms", r.overall_short.p95_ms, msText);
    w.field("checks_24h", r.overall_short.checks());
    w.field("checks_30d", r.overall_long.checks());
    w.field("down_24h", r.overall_short.down);
    w.field("down_30d", r.overall_long.down);
    w.field("unknown_intervals_24h", r.overall_short.unknown);
    w.field("unknown_intervals_30d", r.overall_long.unknown);
    optionalNumber(w, "p50_ms_30d", r.overall_long.p50_ms, msText);
    optionalNumber(w, "p95_ms_30d", r.overall_long.p95_ms, msText);
    optionalText(w, "reason", r.overall_long.checks() ? "" : "no checks yet");
    w.endObject();
}

void writeRegion(JsonWriter& w, const RegionStatus& g) {
    w.beginObject();
    w.field("region", g.region);
    optionalNumber(w, "uptime_24h", g.short_window.uptime, percentText);
    optionalNumber(w, "uptime_30d", g.long_window.uptime, percentText);
    optionalNumber(w, "p50_ms", g.short_window.p50_ms, msText);
    optionalNumber(w, "p95_ms", g.short_window.p95_ms, msText);
    w.field("checks_24h", g.short_window.checks());
    w.field("checks_30d", g.long_window.checks());
    w.key("last_checked_at");
    if (g.last_checked_at_ms) w.value(isoText(*g.last_checked_at_ms));
    else w.null();
    w.key("last_ok");
    if (g.last_ok) w.value(*g.last_ok);
    else w.null();
    w.field("down_24h", g.short_window.down);
    w.field("down_30d", g.long_window.down);
    w.field("unknown_intervals_24h", g.short_window.unknown);
    w.field("unknown_intervals_30d", g.long_window.unknown);
    optionalNumber(w, "p50_ms_30d", g.long_window.p50_ms, msText);
    optionalNumber(w, "p95_ms_30d", g.long_window.p95_ms, msText);
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
        w.field("ok", u.ok);
        w.field("failed", u.failed);
        optionalTime(w, "last_ok_at", u.last_ok_ms);
        optionalTime(w, "last_failed_at", u.last_failed_ms);
        optionalText(w, "last_error", u.last_error);
        w.endObject();
    }
    w.endArray();
    w.field("upstreams_since", isoText(r.upstreams_since_ms));
}

}  // namespace

std::string statusJson(const StatusReport& r, const std::string& source) {
    JsonWriter w;
    w.beginObject();
    w.field("generated_at", isoText(r.generated_at_ms));
    w.field("available", r.available);
    optionalText(w, "available_reason", r.available_reason);
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
