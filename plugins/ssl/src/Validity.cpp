#include "Validity.h"

#include <array>

namespace ipfacts::ssl {
namespace {

struct LifetimeRule {
    int64_t since;  // Unix seconds, 00:00 UTC of the day the rule took effect
    const char* sinceText;
    int64_t maxDays;
};

// Newest first; the last row also covers everything issued before it.
constexpr std::array<LifetimeRule, 5> kLifetimeRules{{
    {1868227200, "2029-03-15", 47},
    {1805068800, "2027-03-15", 100},
    {1773532800, "2026-03-15", 200},
    {1598918400, "2020-09-01", 398},
    {1519862400, "2018-03-01", 825},
}};

int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0); }

}  // namespace

int64_t daysRemaining(int64_t notAfter, int64_t now) { return floorDiv(notAfter - now, kSecondsPerDay); }

std::string_view expiryBand(int64_t notBefore, int64_t notAfter, int64_t now) {
    if (now > notAfter) return kBandExpired;
    if (now < notBefore) return kBandNotYetValid;
    const int64_t left = notAfter - now;
    if (left < kCriticalDays * kSecondsPerDay) return kBandCritical;
    if (left < kWarningDays * kSecondsPerDay) return kBandWarning;
    return kBandOk;
}

int64_t lifetimeSeconds(int64_t notBefore, int64_t notAfter) { return notAfter - notBefore + 1; }

int64_t lifetimeDays(int64_t notBefore, int64_t notAfter) {
    return floorDiv(lifetimeSeconds(notBefore, notAfter), kSecondsPerDay);
}

LifetimePolicy lifetimePolicy(int64_t notBefore, int64_t notAfter) {
    const LifetimeRule* rule = &kLifetimeRules.back();
    for (const LifetimeRule& r : kLifetimeRules)
        if (notBefore >= r.since) {
            rule = &r;
            break;
        }
    LifetimePolicy p;
    p.maxDays = rule->maxDays;
    p.inForceSince = rule->sinceText;
    p.withinLimit = lifetimeSeconds(notBefore, notAfter) <= rule->maxDays * kSecondsPerDay;
    return p;
}

}  // namespace ipfacts::ssl
