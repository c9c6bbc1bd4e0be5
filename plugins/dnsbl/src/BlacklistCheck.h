// BlacklistCheck: the rows of GET /api/v1/blacklist/{ip}: every list of the
// catalogue asked about one address in one parallel batch through the
// plugin's named resolver, together with the health check of every zone
// whose check is missing or too old (the periodic task, ZoneHealthTask,
// normally keeps them fresh); answers cached one hour.
// Apart from the plugin class so a fake host can drive it.
#ifndef IPFACTS_PLUGINS_DNSBL_BLACKLISTCHECK_H
#define IPFACTS_PLUGINS_DNSBL_BLACKLISTCHECK_H

#include "Blocklist.h"
#include "ListingResult.h"
#include "ZoneHealth.h"

#include <ipfacts/address.hpp>
#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::dnsbl {

/// What the plugin's config sets (plugins/dnsbl/README.md).
struct CheckSettings {
    std::string resolver;                 ///< the named resolver (resolver.named) every question goes to
    int64_t cacheTtlMs = 3600 * 1000;     ///< a list's answer, listed or not (one hour, as documented)
    int64_t errorCacheTtlMs = 60 * 1000;  ///< a failed query (time-out, SERVFAIL, ...)
    /// A request re-checks (in its own batch) a zone never checked or checked
    /// longer ago than this: the periodic task's interval when the host runs no
    /// tasks, twice it when it does (the task keeps zones fresh; a skipped run
    /// must still not leave one unchecked).
    int64_t healthMaxAgeMs = 600 * 1000;
};

/// One row: a list and what it said.
struct BlacklistRow {
    const Blocklist* list = nullptr;
    ListingResult result;
    bool queried = false;    ///< asked now or earlier (from cache); false when the list was not asked
    bool fromCache = false;  ///< the result came from the cache, no question was sent
    ZoneHealth health;       ///< the zone's health when the row was written
};

struct BlacklistReport {
    Address address;                 ///< as looked up: an IPv4-mapped address as its IPv4 address
    std::vector<BlacklistRow> rows;  ///< one per list, in catalogue order
    int listedCount = 0;
    int errorCount = 0;
    /// A row failed for a passing reason (a time-out, SERVFAIL, no answer, a
    /// zone held unusable until its next health check): the answer must not be
    /// kept for the route's hour (Response::transient).
    bool transient = false;
    int questionsSent = 0;  ///< DNS questions of this request (0: everything came from the cache)
};

/// Checks addresses against `lists`. Holds references: the host, the lists
/// and the board outlive it. Thread-safe (the board is; the rest is read only).
class BlacklistCheck {
public:
    BlacklistCheck(const Host& host, const std::vector<Blocklist>& lists, HealthBoard& board, CheckSettings settings);

    /// The report for `address`. Blocking (one resolve call at most). Never
    /// throws for DNS trouble: each row's error says what went wrong.
    BlacklistReport check(const Address& address) const;

    /// The cache key of `list`'s answer about `address` (the key never holds a DQS key).
    static std::string cacheKey(const Blocklist& list, const Address& address);

    const CheckSettings& settings() const { return settings_; }

private:
    const Host& host_;
    const std::vector<Blocklist>& lists_;
    HealthBoard& board_;
    CheckSettings settings_;
};

}  // namespace ipfacts::dnsbl

#endif
