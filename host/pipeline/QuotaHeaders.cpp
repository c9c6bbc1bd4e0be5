#include "host/pipeline/QuotaHeaders.h"

#include <algorithm>
#include <charconv>

namespace ipfacts::pipeline {
namespace {

constexpr int64_t kMinute = 60, kDay = 86400;

/// Appends `v` in decimal.
void appendNumber(std::string& out, int64_t v) {
    char digits[24];
    out.append(digits, static_cast<size_t>(std::to_chars(digits, digits + sizeof digits, v).ptr - digits));
}

/// One list member of RateLimit-Policy: "name";q=<quota>;w=<window seconds>.
void appendPolicyItem(std::string& out, std::string_view name, int64_t quota, int64_t window_s) {
    if (!quota) return;
    if (out.back() != ' ') out += ", ";
    out.append("\"").append(name).append("\";q=");
    appendNumber(out, quota);
    out += ";w=";
    appendNumber(out, window_s);
}

/// One list member of RateLimit: "name";r=<remaining>;t=<seconds to reset>.
void appendLimitItem(std::string& out, std::string_view name, const ratelimit::RateWindow& w) {
    if (!w.limit) return;
    if (out.back() != ' ') out += ", ";
    out.append("\"").append(name).append("\";r=");
    appendNumber(out, w.remaining);
    out += ";t=";
    appendNumber(out, w.reset_s);
}

void writePolicyField(HttpResponse& r, int64_t per_minute, int64_t per_day) {
    if (!per_minute && !per_day) return;
    r.headers += "RateLimit-Policy: ";
    appendPolicyItem(r.headers, "minute", per_minute, kMinute);
    appendPolicyItem(r.headers, "day", per_day, kDay);
    r.headers += "\r\n";
}

}  // namespace

void addNumber(HttpResponse& r, std::string_view name, int64_t v) {
    char line[96];
    if (name.size() > sizeof line - 24) return r.addHeader(name, std::to_string(v));
    char* p = std::copy(name.begin(), name.end(), line);
    *p++ = ':', *p++ = ' ';
    p = std::to_chars(p, p + 20, v).ptr;  // a sign and 19 digits hold every int64_t
    *p++ = '\r', *p++ = '\n';
    r.headers.append(line, static_cast<size_t>(p - line));
}

void writeQuotaHeaders(HttpResponse& r, const ratelimit::RateDecision& d, std::string_view policy) {
    if (!d.unlimited) {
        addNumber(r, "X-RateLimit-Limit", d.limit);
        if (!d.minute_window) addNumber(r, "X-RateLimit-Remaining", d.remaining);
        addNumber(r, "X-RateLimit-Reset", d.reset_unix);
    }
    r.addHeader("X-RateLimit-Policy", policy);
    if (d.unlimited || (!d.minute.limit && !d.day.limit)) return;
    // The day's quota is the one the caller can count on today: for an anonymous
    // caller of a challenged class, the challenge threshold until it solves one.
    writePolicyField(r, d.minute.limit, d.day.limit);
    r.headers += "RateLimit: ";
    appendLimitItem(r.headers, "minute", d.minute);
    appendLimitItem(r.headers, "day", d.day);
    r.headers += "\r\n";
}

void writeQuotaPolicy(HttpResponse& r, const manifest::Quota& q, std::string_view policy) {
    r.addHeader("X-RateLimit-Policy", policy);
    writePolicyField(r, q.per_minute, q.per_day);
}

}  // namespace ipfacts::pipeline
