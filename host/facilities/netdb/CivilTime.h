// CivilTime: proleptic Gregorian calendar arithmetic on day numbers (days
// since 1970-01-01), after Howard Hinnant's public-domain algorithms, and the
// ISO 8601 local-time text netdb reports. No time-zone knowledge here.
#pragma once

#include <cstdint>
#include <string>

namespace ipfacts::facilities::netdb {

struct CivilDate {
    int64_t year;
    unsigned month;  // 1..12
    unsigned day;    // 1..31
};

int64_t daysFromCivil(int64_t year, unsigned month, unsigned day);
CivilDate civilFromDays(int64_t days);
/// 0 = Sunday .. 6 = Saturday.
unsigned weekdayOf(int64_t days);
bool isLeapYear(int64_t year);
unsigned daysInMonth(int64_t year, unsigned month);
/// Floor division of a Unix time by one day.
int64_t dayOf(int64_t unix_s);

/// "2026-11-22T11:05:00-08:00": `unix_s` as wall time at `utc_offset_s`
/// east of UTC, to the second, with that offset (minutes; seconds dropped).
std::string isoLocalTime(int64_t unix_s, int32_t utc_offset_s);

}  // namespace ipfacts::facilities::netdb
