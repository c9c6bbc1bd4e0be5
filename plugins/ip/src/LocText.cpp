#include "LocText.h"

#include <cmath>
#include <cstdio>

namespace ipfacts::ip {
namespace {

// Values this close to zero print as "-0.0000", which reads like a bug.
double withoutNegativeZero(double v) { return std::fabs(v) < 0.00005 ? 0.0 : v; }

}  // namespace

std::string locText(double latitude, double longitude) {
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%.4f,%.4f", withoutNegativeZero(latitude), withoutNegativeZero(longitude));
    return std::string(buf, static_cast<size_t>(n));
}

}  // namespace ipfacts::ip
