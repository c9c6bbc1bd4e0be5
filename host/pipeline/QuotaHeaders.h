// QuotaHeaders: the quota header lines of an answer (docs/api.md, "Quota
// headers"). The X-RateLimit-* lines report the one window closest to being
// used up, as they always have; beside them the RateLimit-Policy and RateLimit
// fields of the IETF draft (draft-ietf-httpapi-ratelimit-headers) name both
// windows, so a keyed caller sees its daily remaining even while the minute
// window is the one the X- lines report.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/pipeline/Exchange.h"
#include "host/ratelimit/RateLimiter.h"

#include <string_view>

namespace ipfacts::pipeline {

/// X-RateLimit-Limit, -Remaining (not for a minute window), -Reset and
/// -Policy, then RateLimit-Policy and RateLimit for both windows.
void writeQuotaHeaders(HttpResponse& r, const ratelimit::RateDecision& d, std::string_view policy);

/// A quota that applies without a count to report (wrong keys): its name in
/// X-RateLimit-Policy and its windows in RateLimit-Policy.
void writeQuotaPolicy(HttpResponse& r, const manifest::Quota& q, std::string_view policy);

/// "Name: value\r\n" for an integer, built on the stack and appended once.
void addNumber(HttpResponse& r, std::string_view name, int64_t v);

}  // namespace ipfacts::pipeline
