// ipfacts/loc_text.hpp — the `loc` field ("latitude,longitude") of every
// body that has one (IpReport, LookupResponse, /loc): one writer, so the same
// address reads the same everywhere. Header-only, C++17.
#ifndef IPFACTS_LOC_TEXT_HPP
#define IPFACTS_LOC_TEXT_HPP

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace ipfacts {

/// Room writeLocText needs: two doubles in fixed notation with 4 decimals
/// (at most 309 digits, a sign and the decimals each) and the comma.
constexpr size_t kLocTextCapacity = 2 * 400 + 1;

namespace detail {

// Values this close to zero print as "-0.0000", which reads like a bug.
inline double withoutNegativeZero(double v) { return std::fabs(v) < 0.00005 ? 0.0 : v; }

// "%.4f" without printf: std::to_chars with a precision is specified to give
// printf's digits (correctly rounded). 400 bytes hold the longest double in
// fixed notation (309 digits, sign, 4 decimals).
inline char* writeFixed4Exact(char* p, double v) {
    return std::to_chars(p, p + 400, v, std::chars_format::fixed, 4).ptr;
}

// The same digits for a coordinate, by integer arithmetic: for |v| < 1000
// the product v * 10000 is within 1e-9 (half a unit in its last place) of
// the exact product of v's binary value, so unless it lies within 1e-6 of a
// rounding tie, rounding it to the nearest integer rounds the exact value as
// printf does. The rare near-tie, and anything that is no coordinate, goes
// to to_chars, which costs five times as much (a twentieth of a /json request).
inline char* writeFixed4(char* p, double v) {
    const double scaled = v * 10000.0;
    if (!(std::fabs(v) < 1000) || std::fabs(std::fabs(scaled - std::trunc(scaled)) - 0.5) < 1e-6)
        return writeFixed4Exact(p, v);
    int64_t units = std::llround(scaled);
    if (units < 0 || std::signbit(v)) *p++ = '-', units = -units;  // (withoutNegativeZero ran first)
    p = std::to_chars(p, p + 20, units / 10000).ptr;
    const auto frac = static_cast<int>(units % 10000);
    *p++ = '.';
    *p++ = static_cast<char>('0' + frac / 1000);
    *p++ = static_cast<char>('0' + frac / 100 % 10);
    *p++ = static_cast<char>('0' + frac / 10 % 10);
    *p++ = static_cast<char>('0' + frac % 10);
    return p;
}

}  // namespace detail

/// "52.3740,4.8897": each coordinate with exactly 4 decimals (about 11 m,
/// far finer than any address database is right), no space. A value that
/// rounds to zero is written "0.0000", never "-0.0000". Written at `p`,
/// which has room for kLocTextCapacity bytes; returns the end of what it wrote.
inline char* writeLocText(char* p, double latitude, double longitude) {
    p = detail::writeFixed4(p, detail::withoutNegativeZero(latitude));
    *p++ = ',';
    return detail::writeFixed4(p, detail::withoutNegativeZero(longitude));
}

/// The same text, appended to `out`.
inline void appendLocText(std::string& out, double latitude, double longitude) {
    char buf[kLocTextCapacity];
    out.append(buf, static_cast<size_t>(writeLocText(buf, latitude, longitude) - buf));
}

/// The same text as a string.
inline std::string locText(double latitude, double longitude) {
    std::string out;
    appendLocText(out, latitude, longitude);
    return out;
}

}  // namespace ipfacts

#endif
