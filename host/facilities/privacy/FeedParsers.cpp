#include "host/facilities/privacy/FeedParsers.h"

#include <ctime>

namespace ipfacts::facilities::privacy {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

/// Calls fn(line) for each line of `body`.
template <class Fn>
void eachLine(std::string_view body, Fn fn) {
    while (!body.empty()) {
        const size_t nl = body.find('\n');
        fn(trim(body.substr(0, nl)));
        body = nl == std::string_view::npos ? std::string_view() : body.substr(nl + 1);
    }
}

bool digits(std::string_view s, size_t at, size_t n, int& out) {
    out = 0;
    for (size_t i = at; i < at + n; ++i) {
        if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
        out = out * 10 + (s[i] - '0');
    }
    return true;
}

}  // namespace

int64_t parseUtcDateTime(std::string_view t) {
    int y, mo, d, h, mi, s;
    if (t.size() != 19 || t[4] != '-' || t[7] != '-' || t[10] != ' ' || t[13] != ':' || t[16] != ':') return -1;
    if (!digits(t, 0, 4, y) || !digits(t, 5, 2, mo) || !digits(t, 8, 2, d) || !digits(t, 11, 2, h) ||
        !digits(t, 14, 2, mi) || !digits(t, 17, 2, s))
        return -1;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return -1;
    std::tm tm{};
    tm.tm_year = y - 1900, tm.tm_mon = mo - 1, tm.tm_mday = d;
    tm.tm_hour = h, tm.tm_min = mi, tm.tm_sec = s;
    return static_cast<int64_t>(timegm(&tm));
}

ParsedFeed parseTorExitList(std::string_view body) {
    ParsedFeed out;
    eachLine(body, [&](std::string_view line) {
        constexpr std::string_view kExit = "ExitAddress ";
        if (line.substr(0, kExit.size()) != kExit) return;
        line.remove_prefix(kExit.size());
        const size_t sp = line.find(' ');
        const std::string address(line.substr(0, sp));
        if (!out.table.add(address)) {
            ++out.skipped;
            return;
        }
        ++out.entries;
        if (sp != std::string_view::npos) {
            const int64_t at = parseUtcDateTime(trim(line.substr(sp + 1)));
            if (at > out.data_date_s) out.data_date_s = at;
        }
    });
    if (out.entries == 0) out.error = "no ExitAddress line with an address";
    out.table.build();
    return out;
}

ParsedFeed parseRangeList(std::string_view body) {
    ParsedFeed out;
    eachLine(body, [&](std::string_view line) {
        if (line.empty() || line.front() == '#') return;
        const std::string block(trim(line.substr(0, line.find(','))));
        if (out.table.add(block))
            ++out.entries;
        else
            ++out.skipped;
    });
    if (out.entries == 0) out.error = "no address block in it";
    out.table.build();
    return out;
}

}  // namespace ipfacts::facilities::privacy
