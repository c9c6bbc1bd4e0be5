#include "host/facilities/netdb/CivilTime.h"

#include <cstdlib>

namespace ipfacts::facilities::netdb {

int64_t daysFromCivil(int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

CivilDate civilFromDays(int64_t z) {
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {static_cast<int64_t>(yoe) + era * 400 + (m <= 2), m, d};
}

unsigned weekdayOf(int64_t days) {
    // 1970-01-01 was a Thursday (4).
    return static_cast<unsigned>(days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6);
}

bool isLeapYear(int64_t y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

unsigned daysInMonth(int64_t year, unsigned month) {
    static const unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeapYear(year) ? 29 : kDays[month - 1];
}

int64_t dayOf(int64_t unix_s) { return unix_s >= 0 ? unix_s / 86400 : (unix_s - 86399) / 86400; }

namespace {

/// Writes `v` as exactly `width` decimal digits at `p`; returns the end.
char* digits(char* p, int64_t v, int width) {
    for (int i = width - 1; i >= 0; --i, v /= 10) p[i] = static_cast<char>('0' + v % 10);
    return p + width;
}

}  // namespace

std::string isoLocalTime(int64_t unix_s, int32_t utc_offset_s) {
    const int64_t local = unix_s + utc_offset_s;
    const int64_t days = dayOf(local);
    const int64_t secs = local - days * 86400;
    const CivilDate date = civilFromDays(days);
    if (date.year < 0 || date.year > 9999) return {};  // outside ISO 8601's four-digit years
    const int32_t off = std::abs(utc_offset_s);
    // Built by hand: this runs on every lookup and snprintf costs more than the rest.
    char buf[25];
    char* p = digits(buf, date.year, 4);
    *p++ = '-';
    p = digits(p, date.month, 2);
    *p++ = '-';
    p = digits(p, date.day, 2);
    *p++ = 'T';
    p = digits(p, secs / 3600, 2);
    *p++ = ':';
    p = digits(p, secs / 60 % 60, 2);
    *p++ = ':';
    p = digits(p, secs % 60, 2);
    *p++ = utc_offset_s < 0 ? '-' : '+';
    p = digits(p, off / 3600, 2);
    *p++ = ':';
    p = digits(p, off / 60 % 60, 2);
    return std::string(buf, p);
}

}  // namespace ipfacts::facilities::netdb
