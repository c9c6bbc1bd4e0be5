#include "UaPlugin.h"

#include "UaResponse.h"

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace ipfacts::ua {
namespace {

/// A file the plugin cannot work without, resolved against the manifest.
std::string requiredPath(const Host& host, const char* key, const char* what) {
    std::optional<std::string> path = host.configPath(key);
    if (!path || path->empty())
        throw std::runtime_error(std::string("ua: config '") + key + "' (the path of " + what + ") is not set");
    return *path;
}

/// A non-negative integer setting, or `fallback` when the manifest omits it.
size_t sizeSetting(const Host& host, const char* key, size_t fallback) {
    std::optional<std::string> text = host.config(key);
    if (!text) return fallback;
    errno = 0;
    char* end = nullptr;
    unsigned long long n = std::strtoull(text->c_str(), &end, 10);
    if (text->empty() || *end != '\0' || errno != 0 || text->front() == '-')
        throw std::runtime_error(std::string("ua: config '") + key + "' must be a non-negative integer, not '" + *text +
                                 "'");
    return static_cast<size_t>(n);
}

}  // namespace

UaPlugin::UaPlugin(Host& host)
    : host_(host),
      parser_(requiredPath(host, "regexes", "uap-core's regexes.yaml"), requiredPath(host, "rules", "etc/ua.yaml")),
      cache_(sizeSetting(host, "cache_size", kDefaultCacheSize)),
      maxUaBytes_(sizeSetting(host, "limits.max_ua_bytes", parser_.rules().maxUaBytes())) {
    if (maxUaBytes_ == 0) throw std::runtime_error("ua: config 'limits.max_ua_bytes' must be positive");
    host_.info("ua: " + std::to_string(parser_.uap().ruleCount()) + " uap-core rules compiled; cache holds " +
               std::to_string(cache_.capacity()) + "; UAs up to " + std::to_string(maxUaBytes_) + " bytes");
}

void UaPlugin::parse(Request& req, Response& resp) {
    size_t given = req.queryCount("ua");
    if (given > 1) {
        resp.error(400, "invalid_parameter", "the ua parameter may be given at most once");
        return;
    }
    // An explicit ua, even an empty one, is what the caller asked about;
    // only without it does the caller's own header count.
    std::string_view ua = given == 1 ? req.query("ua").value_or("") : req.header("User-Agent").value_or("");
    if (ua.size() > maxUaBytes_) {
        std::string limit = std::to_string(maxUaBytes_);
        if (given == 1)
            resp.error(400, "invalid_parameter", "the ua parameter is longer than " + limit + " bytes");
        else
            resp.error(431, "request_too_large", "the User-Agent header is longer than " + limit + " bytes");
        return;
    }
    UaCache::ResultPtr result = lookup(ua);
    resp.status(200).json(uaResponseJson(ua, *result, ResponseStamp::now(host_)));
}

UaCache::ResultPtr UaPlugin::lookup(std::string_view ua) {
    if (UaCache::ResultPtr hit = cache_.find(ua)) return hit;
    // Two threads may parse the same new UA at once; both get the same
    // answer and the second insert only refreshes the entry.
    auto parsed = std::make_shared<const UaResult>(parser_.parse(ua));
    cache_.insert(ua, parsed);
    return parsed;
}

}  // namespace ipfacts::ua

using ipfacts::ua::UaPlugin;

IPFACTS_PLUGIN(UaPlugin, "ua", "1.0.0", "Parses user agents", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(UaPlugin, parse, IPF_HANDLER_NONBLOCKING))
