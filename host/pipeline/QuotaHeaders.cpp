#include "host/pipeline/QuotaHeaders.h"

#include <algorithm>
#include <charconv>
#include <string>

namespace ipfacts::pipeline {
namespace {

constexpr int64_t kMinute = 60, kDay = 86400;

/// One header line built on the stack and appended to the answer's headers at
/// once, as addNumber does: five string appends per list member cost /json
/// about 2,500 instructions a request (docs/performance.md, "Instructions per request").
class Line {
public:
    explicit Line(std::string_view name) { text(name), text(": "); }
    void text(std::string_view s) { p_ = std::copy(s.begin(), s.end(), p_); }
    void number(int64_t v) { p_ = std::to_chars(p_, p_ + 20, v).ptr; }  // a sign and 19 digits
    /// ", " before every list member but the first.
    void separate() {
        if (p_[-1] != ' ') text(", ");
    }
    void appendTo(std::string& out) {
        text("\r\n");
        out.append(buf_, static_cast<size_t>(p_ - buf_));
    }

private:
    // "RateLimit-Policy: " (18), two members of at most 1 + 6 + 4 + 20 + 3 + 20
    // characters, ", " and "\r\n": 127.
    char buf_[160];
    char* p_ = buf_;
};

/// One list member of RateLimit-Policy: "name";q=<quota>;w=<window seconds>.
void appendPolicyItem(Line& out, std::string_view name, int64_t quota, int64_t window_s) {
    if (!quota) return;
    out.separate();
    out.text("\""), out.text(name), out.text("\";q=");
    out.number(quota);
    out.text(";w=");
    out.number(window_s);
}

/// One list member of RateLimit: "name";r=<remaining>;t=<seconds to reset>.
void appendLimitItem(Line& out, std::string_view name, const ratelimit::RateWindow& w) {
    if (!w.limit) return;
    out.separate();
    out.text("\""), out.text(name), out.text("\";r=");
    out.number(w.remaining);
    out.text(";t=");
    out.number(w.reset_s);
}

void writePolicyField(HttpResponse& r, int64_t per_minute, int64_t per_day) {
    if (!per_minute && !per_day) return;
    // The field changes only with the quota: each thread keeps the last one it wrote.
    thread_local struct {
        int64_t per_minute = 0, per_day = 0;
        std::string line;
    } last;
    if (last.line.empty() || last.per_minute != per_minute || last.per_day != per_day) {
        Line line("RateLimit-Policy");
        appendPolicyItem(line, "minute", per_minute, kMinute);
        appendPolicyItem(line, "day", per_day, kDay);
        last.line.clear();
        line.appendTo(last.line);
        last.per_minute = per_minute, last.per_day = per_day;
    }
    r.headers += last.line;
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
    Line line("RateLimit");
    appendLimitItem(line, "minute", d.minute);
    appendLimitItem(line, "day", d.day);
    line.appendTo(r.headers);
}

void writeQuotaPolicy(HttpResponse& r, const manifest::Quota& q, std::string_view policy) {
    r.addHeader("X-RateLimit-Policy", policy);
    writePolicyField(r, q.per_minute, q.per_day);
}

}  // namespace ipfacts::pipeline
