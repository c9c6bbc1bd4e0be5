// TargetLookup: the whole of GET /api/v1/lookup/{target} short of the
// response object: check the parameters, resolve a host name, look the
// address up, and say which status the answer has.
#ifndef IPFACTS_PLUGINS_LOOKUP_TARGETLOOKUP_H
#define IPFACTS_PLUGINS_LOOKUP_TARGETLOOKUP_H

#include <ipfacts/params.hpp>
#include <ipfacts/plugin.hpp>

#include <string>
#include <string_view>

namespace ipfacts::lookup {

/// Either a 200 body or an error envelope's parts.
struct LookupOutcome {
    int status = 200;
    std::string token;    ///< error token, when status is not 200
    std::string message;  ///< error message, when status is not 200
    std::string body;     ///< LookupResponse JSON, when status is 200
    /// A part of the 200 answer failed (one half of a host name's A/AAAA
    /// queries, the privacy providers): no cache may keep it (Response::transient).
    bool transient = false;
};

/// Error tokens of this endpoint.
inline constexpr const char* kInvalidParameter = "invalid_parameter";        // 400: privacy not 1, or repeated
inline constexpr const char* kInvalidTarget = "invalid_target";              // 400: see TargetParser
inline constexpr const char* kNameNotFound = "name_not_found";               // 404: NXDOMAIN or no A/AAAA
inline constexpr const char* kResolverUnavailable = "resolver_unavailable";  // 503: resolver failed or absent

/// Runs one lookup. Blocking when the target is a host name (DNS).
LookupOutcome lookUpTarget(const Host& host, const Request& req, std::string_view target, Flag privacy);

}  // namespace ipfacts::lookup

#endif
