// Validity: what a certificate's dates mean at the time of a check — days
// remaining, the expiry band, its lifetime and the CA/Browser Forum's
// maximum lifetime for a certificate issued when it was. Pure functions of
// Unix seconds.
#ifndef IPFACTS_PLUGINS_SSL_VALIDITY_H
#define IPFACTS_PLUGINS_SSL_VALIDITY_H

#include <cstdint>
#include <string>
#include <string_view>

namespace ipfacts::ssl {

inline constexpr int64_t kSecondsPerDay = 86400;
/// Below this many days remaining the band is "critical"; below kWarningDays "warning".
inline constexpr int64_t kCriticalDays = 7;
inline constexpr int64_t kWarningDays = 30;

/// The documented `expiry_band` values.
inline constexpr std::string_view kBandExpired = "expired";
inline constexpr std::string_view kBandNotYetValid = "not_yet_valid";
inline constexpr std::string_view kBandCritical = "critical";
inline constexpr std::string_view kBandWarning = "warning";
inline constexpr std::string_view kBandOk = "ok";

/// Whole days from `now` to notAfter, rounded down: 0 on the last day,
/// negative once expired (-1 on the first day after).
int64_t daysRemaining(int64_t notAfter, int64_t now);

/// expired (now after notAfter), not_yet_valid (now before notBefore),
/// critical (under 7 days left), warning (under 30), ok.
std::string_view expiryBand(int64_t notBefore, int64_t notAfter, int64_t now);

/// The validity period as the CA/Browser Forum counts it (both ends
/// included: notAfter - notBefore + 1 s), in seconds.
int64_t lifetimeSeconds(int64_t notBefore, int64_t notAfter);

/// lifetimeSeconds in whole days, rounded down (a 90-day certificate is 90).
int64_t lifetimeDays(int64_t notBefore, int64_t notAfter);

/// The Baseline Requirements' maximum validity for a TLS server certificate
/// issued at `notBefore`, and whether the certificate keeps to it.
struct LifetimePolicy {
    int64_t maxDays = 0;       ///< 825, 398, 200, 100 or 47
    std::string inForceSince;  ///< the date that maximum took effect, "2026-03-15"
    bool withinLimit = false;  ///< lifetimeSeconds <= maxDays days
};

/// The rule in force at `notBefore`: 825 days from 2018-03-01 (and for
/// anything older), 398 from 2020-09-01, 200 from 2026-03-15, 100 from
/// 2027-03-15, 47 from 2029-03-15 (CA/B Forum ballots SC-22 era and SC-081).
LifetimePolicy lifetimePolicy(int64_t notBefore, int64_t notAfter);

}  // namespace ipfacts::ssl

#endif
