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
char* writeFixed4(char* p, double v) {
    return std::to_chars(p, p + 400, v, std::chars_format::fixed, 4).ptr;
}

}  // namespace

char* writeLocText(char* p, double latitude, double longitude) {
    p = writeFixed4(p, withoutNegativeZero(latitude));
    *p++ = ',';
    return writeFixed4(p, withoutNegativeZero(longitude));
}

void appendLocText(std::string& out, double latitude, double longitude) {
    char buf[kLocTextCapacity];
    out.append(buf, static_cast<size_t>(writeLocText(buf, latitude, longitude) - buf));
}

std::string locText(double latitude, double longitude) {
    std::string out;
    appendLocText(out, latitude, longitude);
    return out;
}

}  // namespace ipfacts::ip
