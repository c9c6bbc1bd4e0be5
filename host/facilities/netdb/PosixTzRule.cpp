#include "host/facilities/netdb/PosixTzRule.h"

#include "host/facilities/netdb/CivilTime.h"

namespace ipfacts::facilities::netdb {

namespace {

bool isAlpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/// A cursor over the TZ string; every read returns false on malformed input.
class TzReader {
public:
    explicit TzReader(std::string_view s) : s_(s) {}

    bool done() const { return i_ == s_.size(); }
    bool peek(char c) const { return i_ < s_.size() && s_[i_] == c; }
    bool take(char c) {
        if (!peek(c)) return false;
        ++i_;
        return true;
    }

    /// A zone abbreviation: three or more letters, or <one or more characters but '>'>.
    bool name() {
        if (take('<')) {
            const size_t close = s_.find('>', i_);
            if (close == std::string_view::npos || close == i_) return false;
            i_ = close + 1;
            return true;
        }
        const size_t start = i_;
        while (i_ < s_.size() && isAlpha(s_[i_])) ++i_;
        return i_ - start >= 3;
    }

    /// [+-]h[h[h]][:mm[:ss]] as signed seconds, hours at most `max_hours`.
    bool duration(int32_t& out, int max_hours) {
        int sign = 1;
        if (take('-'))
            sign = -1;
        else
            take('+');
        int h = 0, m = 0, sec = 0;
        if (!number(h, 0, max_hours)) return false;
        if (take(':') && (!number(m, 0, 59) || (take(':') && !number(sec, 0, 59)))) return false;
        out = sign * (h * 3600 + m * 60 + sec);
        return true;
    }

    /// An unsigned decimal (at most 3 digits) within [lo, hi].
    bool number(int& out, int lo, int hi) {
        const size_t start = i_;
        int v = 0;
        while (i_ < s_.size() && i_ - start < 3 && s_[i_] >= '0' && s_[i_] <= '9') v = v * 10 + (s_[i_++] - '0');
        if (i_ == start || v < lo || v > hi) return false;
        out = v;
        return true;
    }

private:
    std::string_view s_;
    size_t i_ = 0;
};

/// Jn, n or Mm.w.d, then an optional /time (RFC 8536 allows -167..167 hours).
bool readDate(TzReader& r, TzDateRule& out) {
    if (r.take('J')) {
        out.kind = TzDateRule::kJulianNoLeap;
        if (!r.number(out.day, 1, 365)) return false;
    } else if (r.take('M')) {
        out.kind = TzDateRule::kMonthWeekDay;
        if (!r.number(out.month, 1, 12) || !r.take('.') || !r.number(out.week, 1, 5) || !r.take('.') ||
            !r.number(out.day, 0, 6))
            return false;
    } else {
        out.kind = TzDateRule::kZeroBased;
        if (!r.number(out.day, 0, 365)) return false;
    }
    out.time = 7200;
    return !r.take('/') || r.duration(out.time, 167);
}

}  // namespace

int64_t TzDateRule::dayIn(int64_t year) const {
    const int64_t jan1 = daysFromCivil(year, 1, 1);
    switch (kind) {
        case kJulianNoLeap:  // 1..365, February 29 never counted
            return jan1 + day - 1 + (isLeapYear(year) && day >= 60 ? 1 : 0);
        case kZeroBased:  // 0..365, February 29 counted
            return jan1 + day;
        case kMonthWeekDay:
            break;
    }
    const int64_t first = daysFromCivil(year, static_cast<unsigned>(month), 1);
    int64_t d = first + (day - static_cast<int>(weekdayOf(first)) + 7) % 7 + (week - 1) * 7;
    // Week 5 means the last such weekday, which may be the fourth.
    while (d >= first + daysInMonth(year, static_cast<unsigned>(month))) d -= 7;
    return d;
}

std::optional<PosixTzRule> PosixTzRule::parse(std::string_view tz) {
    TzReader r(tz);
    PosixTzRule rule;
    int32_t posix_std = 0;
    // POSIX offsets count west of UTC; TZif and ISO 8601 count east.
    if (!r.name() || !r.duration(posix_std, 24)) return std::nullopt;
    rule.std_offset_ = -posix_std;
    if (r.done()) return rule;
    if (!r.name()) return std::nullopt;
    rule.has_dst_ = true;
    rule.dst_offset_ = rule.std_offset_ + 3600;
    if (!r.peek(',') && !r.done()) {
        int32_t posix_dst = 0;
        if (!r.duration(posix_dst, 24)) return std::nullopt;
        rule.dst_offset_ = -posix_dst;
    }
    if (r.done()) {
        // No rule given: POSIX leaves it open; glibc and tzcode use the US rules.
        rule.start_ = {TzDateRule::kMonthWeekDay, 3, 2, 0, 7200};
        rule.end_ = {TzDateRule::kMonthWeekDay, 11, 1, 0, 7200};
        return rule;
    }
    if (!r.take(',') || !readDate(r, rule.start_) || !r.take(',') || !readDate(r, rule.end_) || !r.done())
        return std::nullopt;
    return rule;
}

int64_t PosixTzRule::transitionUtc(const TzDateRule& rule, int64_t year, int32_t before) {
    return rule.dayIn(year) * 86400 + rule.time - before;
}

int32_t PosixTzRule::utcOffsetAt(int64_t unix_s) const {
    if (!has_dst_) return std_offset_;
    const int64_t year = civilFromDays(dayOf(unix_s + std_offset_)).year;
    // The switch into DST happens on standard time's clock, the switch back on DST's.
    const int64_t start = transitionUtc(start_, year, std_offset_);
    const int64_t end = transitionUtc(end_, year, dst_offset_);
    const bool in_dst = start < end ? (unix_s >= start && unix_s < end)   // northern hemisphere
                                    : (unix_s < end || unix_s >= start);  // southern: DST spans new year
    return in_dst ? dst_offset_ : std_offset_;
}

}  // namespace ipfacts::facilities::netdb
