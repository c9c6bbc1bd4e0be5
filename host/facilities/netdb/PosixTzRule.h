// PosixTzRule: a POSIX TZ string as found in the footer of TZif v2+ files
// ("PST8PDT,M3.2.0,M11.1.0", "<+03>-3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"),
// which gives the UTC offset for times after the file's last transition.
// Supports names plain or <quoted>, offsets [+-]hh[:mm[:ss]], and rule dates
// Jn, n and Mm.w.d with /time, including RFC 8536's hours beyond 24 and
// negative times.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ipfacts::facilities::netdb {

/// When in a year a DST rule switches: one of the three POSIX date forms.
struct TzDateRule {
    enum Kind { kJulianNoLeap, kZeroBased, kMonthWeekDay } kind = kMonthWeekDay;
    int month = 0, week = 0, day = 0;  // Mm.w.d (day 0 = Sunday); `day` holds n for Jn and n
    int32_t time = 7200;               // seconds after local midnight (default 02:00)

    /// Day number (since 1970-01-01) on which the rule falls in `year`.
    int64_t dayIn(int64_t year) const;
};

class PosixTzRule {
public:
    /// nullopt when `tz` is not a TZ string of the forms above.
    static std::optional<PosixTzRule> parse(std::string_view tz);

    /// Seconds east of UTC in effect at `unix_s`.
    int32_t utcOffsetAt(int64_t unix_s) const;

    bool hasDst() const { return has_dst_; }

private:
    /// UTC second of the switch `rule` in `year`, with offset `before` in effect until then.
    static int64_t transitionUtc(const TzDateRule& rule, int64_t year, int32_t before);

    int32_t std_offset_ = 0;  // east of UTC
    int32_t dst_offset_ = 0;
    bool has_dst_ = false;
    TzDateRule start_, end_;  // DST starts, DST ends
};

}  // namespace ipfacts::facilities::netdb
