// RdapClient: one RDAP look-up over HTTPS through the host's http facility
// (`Accept: application/rdap+json`). Redirects between registries are
// followed here, hop by hop (the facility is asked for none), so each hop is
// guarded and budgeted as its own request, a loop is seen as a loop and the
// hops can be counted against the limit.
#ifndef IPFACTS_PLUGINS_RDAP_RDAPCLIENT_H
#define IPFACTS_PLUGINS_RDAP_RDAPCLIENT_H

#include "Bootstrap.h"

#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::rdap {

struct RdapFetch {
    enum class Outcome {
        Found,        ///< 200 with a body
        NotFound,     ///< 404
        RateLimited,  ///< the registry answered 429, or our budget for it is spent
        Loop,         ///< a redirect came back to a URL already asked, or too many hops
        Failed        ///< time-out, refused, another status
    };
    Outcome outcome = Outcome::Failed;
    std::string url;                ///< the last URL asked
    std::vector<std::string> hops;  ///< every URL asked, in order
    std::string body;
    int status = 0;
    int retryAfterS = 0;     ///< RateLimited: seconds to wait
    bool ourBudget = false;  ///< RateLimited by this service's budget, not by the registry
    std::string error;       ///< what went wrong, for the message
};

struct RdapFetchLimits {
    int timeoutMs = 4000;
    int maxRedirects = 3;
    int maxBodyBytes = 2 << 20;
};

/// Fetches `url`, following redirects that FollowPolicy allows against
/// `configured` (a refused one fails the fetch, saying why). Blocking
/// (worker handlers only).
RdapFetch fetchRdap(const Host& host, const std::string& url, const RdapFetchLimits& limits,
                    const Bootstrap& configured);

/// `location` resolved against `base` (absolute, scheme-relative, or path).
std::string resolveUrl(const std::string& base, const std::string& location);

/// Seconds from a Retry-After value (delta seconds or an HTTP date, RFC 9110
/// 10.2.3) at `nowMs`; `fallback` when it is neither.
int retryAfterSeconds(const std::string& value, int64_t nowMs, int fallback);

}  // namespace ipfacts::rdap

#endif
