// The `ua` plugin family: GET /api/v1/ua (plugins/ua/README.md), parsing the `ua`
// query parameter or the caller's own User-Agent header.
#ifndef IPFACTS_UA_UA_PLUGIN_HPP
#define IPFACTS_UA_UA_PLUGIN_HPP

#include "UaCache.h"
#include "UaParser.h"

#include <ipfacts/plugin.hpp>

#include <cstddef>

namespace ipfacts::ua {

/// Plugin state, built once at init from the manifest section:
///   regexes             uap-core regexes.yaml (path, required)
///   rules               etc/ua.yaml (path, required)
///   cache_size          parse results kept (default 10000; 0 disables)
///   limits.max_ua_bytes overrides the rules file's limit (default 2048)
/// Throws std::runtime_error from the constructor, failing init, when a
/// file is missing or unparsable or a setting is not a number.
/// parse() runs concurrently on several threads.
class UaPlugin {
public:
    static constexpr ipf_config_key kConfigKeys[] = {
        {"regexes", IPF_CONFIG_PATH, 1, nullptr, "uap-core's regexes.yaml"},
        {"rules", IPF_CONFIG_PATH, 1, nullptr, "the rules file, etc/ua.yaml"},
        {"cache_size", IPF_CONFIG_INTEGER, 0, "10000", "parse results kept in memory; 0 turns the cache off"},
        {"limits.max_ua_bytes", IPF_CONFIG_INTEGER, 0, nullptr, "longest UA accepted; overrides the rules file"},
        {nullptr, 0, 0, nullptr, nullptr}};
    static constexpr size_t kDefaultCacheSize = 10000;

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
