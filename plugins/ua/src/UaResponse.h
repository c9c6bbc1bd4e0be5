// The JSON body of GET /api/v1/ua (UaResponse in openapi.json).
#ifndef IPFACTS_UA_UA_RESPONSE_HPP
#define IPFACTS_UA_UA_RESPONSE_HPP

#include "UaResult.h"

#include <ipfacts/stamp.hpp>

#include <string>
#include <string_view>

namespace ipfacts::ua {

/// Writes {user_agent, browser, engine, os, device, bot, cli, checked_at,
/// source} in that order, absent names and versions as null. Thread-safe.
std::string uaResponseJson(std::string_view userAgent, const UaResult& result, const ResponseStamp& stamp);

}  // namespace ipfacts::ua

#endif
