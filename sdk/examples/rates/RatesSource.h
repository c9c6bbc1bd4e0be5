// RatesSource: the upstream's rates document as the plugin reads it: the
// cache facility's copy while it lives, else a fresh one fetched through the
// http facility (and cached for the configured time). The plugin opens no
// socket: the host's http facility connects, through its address guard.
#pragma once

#include "RateTable.h"

#include <ipfacts/plugin.hpp>

#include <chrono>
#include <optional>
#include <string>

namespace rates {

/// The cache key of the document, in this plugin's namespace (the host adds it).
inline constexpr const char* kDocumentKey = "document";

struct CurrentRates {
    std::optional<RateTable> table;  ///< set unless the upstream failed
    bool fromCache = false;          ///< the document was the cache's copy
    std::string problem;             ///< why there is no table, in words a response can carry
};

/// Reads the cached document, or fetches `upstream` (GET, Accept:
/// application/json) and caches what parses for `ttl`. A failed or
/// unreadable fetch is never cached, so the next call tries again.
/// Blocking (http): call it from a handler without IPF_HANDLER_NONBLOCKING.
CurrentRates currentRates(const ipfacts::Host& host, const std::string& upstream, std::chrono::seconds ttl);

}  // namespace rates
