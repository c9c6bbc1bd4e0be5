// The `ua` plugin family: GET /api/v1/ua (plugins/ua/README.md), parsing the `ua`
// query parameter or the caller's own User-Agent header.
#ifndef IPFACTS_UA_UA_PLUGIN_HPP
#define IPFACTS_UA_UA_PLUGIN_HPP

#include "UaCache.h"
#include "UaParser.h"

#include <ipfacts/plugin.hpp>

#include <cstddef>

namespace ipfacts::ua {

/// Plugin state, built once at init from the manifest section (kConfig).
/// Throws std::runtime_error from the constructor, failing init, when a
/// file is missing or unparsable. parse() runs concurrently on several threads.
class UaPlugin {
public:
    static constexpr ConfigKey kConfig[] = {
        requiredPath("regexes", "uap-core's regexes.yaml"), requiredPath("rules", "the rules file, etc/ua.yaml"),
        integerKey("cache_size", 0, 100000000, "10000", "parse results kept in memory; 0 turns the cache off"),
        integerKey("limits.max_ua_bytes", 1, 1048576, nullptr,
                   "longest UA accepted; overrides the rules file's limits.max_ua_bytes (default 2048)")};

    explicit UaPlugin(Host& host);

    /// GET /api/v1/ua. 200 with a UaResponse; 400 invalid_parameter when `ua`
    /// is repeated or too long; 431 request_too_large when the User-Agent
    /// header it falls back to is too long. Never blocks.
    void parse(Request& req, Response& resp);

private:
    /// The parse of `ua`, from the cache when it holds one.
    UaCache::ResultPtr lookup(std::string_view ua);

    const Host& host_;
    UaParser parser_;
    UaCache cache_;
    size_t maxUaBytes_;
};

}  // namespace ipfacts::ua

#endif
