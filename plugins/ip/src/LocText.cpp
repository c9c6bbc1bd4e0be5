#include "LocText.h"

#include <charconv>
#include <cmath>

namespace ipfacts::ip {
namespace {

// Values this close to zero print as "-0.0000", which reads like a bug.
double withoutNegativeZero(double v) { return std::fabs(v) < 0.00005 ? 0.0 : v; }

// "%.4f" without printf: std::to_chars with a precision is specified to give
// printf's digits (correctly rounded), at a fraction of the cost. 400 bytes
// hold the longest double in fixed notation (309 digits, sign, 4 decimals).
void appendFixed4(std::string& out, double v) {
    char buf[400];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 4);
    (void)ec;
    out.append(buf, static_cast<size_t>(end - buf));
}

}  // namespace

void appendLocText(std::string& out, double latitude, double longitude) {
    appendFixed4(out, withoutNegativeZero(latitude));
    out += ',';
    appendFixed4(out, withoutNegativeZero(longitude));
}

std::string locText(double latitude, double longitude) {
    std::string out;
    appendLocText(out, latitude, longitude);
    return out;
}

}  // namespace ipfacts::ip
