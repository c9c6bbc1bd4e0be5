#include "UaPlugin.h"

#include "UaResponse.h"

#include <ipfacts/config.hpp>

#include <string>

namespace ipfacts::ua {
namespace {

Config configOf(const Host& host) { return Config(host, UaPlugin::kConfig); }

/// The manifest's limit, else the rules file's.
size_t maxUaBytesOf(const Host& host, const UaRules& rules) {
    const Config config = configOf(host);
    return config.isSet("limits.max_ua_bytes") ? static_cast<size_t>(config.integer("limits.max_ua_bytes"))
                                               : rules.maxUaBytes();
}

}  // namespace

UaPlugin::UaPlugin(Host& host)
    : host_(host),
      parser_(configOf(host).path("regexes"), configOf(host).path("rules")),
      cache_(static_cast<size_t>(configOf(host).integer("cache_size"))),
      maxUaBytes_(maxUaBytesOf(host, parser_.rules())) {
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
