// BlacklistResponseWriter: the BlacklistResponse body of
// GET /api/v1/blacklist/{ip}, in the shape openapi.json documents.
#ifndef IPFACTS_PLUGINS_DNSBL_BLACKLISTRESPONSEWRITER_H
#define IPFACTS_PLUGINS_DNSBL_BLACKLISTRESPONSEWRITER_H

#include "BlacklistCheck.h"

#include <ipfacts/stamp.hpp>

#include <string>

namespace ipfacts::dnsbl {

/// Writes {ip, version, listed_count, total_count, error_count, results,
/// checked_at, source}; each result {list, zone, listed, codes, reason,
/// lookup_url, error, answer, txt, from_cache, queried, zone_usable,
/// zone_health {status, reason, checked_at}}. Thread-safe.
std::string writeBlacklistResponse(const BlacklistReport& report, const ResponseStamp& stamp);

}  // namespace ipfacts::dnsbl

#endif
