#include "DnsblPlugin.h"

#include "BlacklistResponseWriter.h"
#include "BlocklistCatalogue.h"
#include "ZoneHealthTask.h"

#include <ipfacts/address.hpp>
#include <ipfacts/config.hpp>

#include <stdexcept>
#include <string>

namespace ipfacts::dnsbl {
namespace {

std::vector<Blocklist> catalogueOf(const Host& host) {
    std::optional<std::string> path = host.configPath("catalogue");
    if (!path || path->empty())
        throw std::runtime_error(
            "dnsbl: config key `catalogue` is not set; it names the blocklist catalogue, e.g. "
            "`config: { catalogue: blocklists.yaml }`");
    return loadCatalogue(*path);
}

int64_t healthIntervalMs(const Host& host) {
    return configInteger(host, "dnsbl", "health_interval_s", 600, 10, 86400) * 1000;
}

CheckSettings settingsOf(const Host& host) {
    CheckSettings s;
    std::optional<std::string> resolver = host.config("resolver");
    if (!resolver || resolver->empty())
        throw std::runtime_error(
            "dnsbl: config key `resolver` is not set; it names a resolver of resolver.named "
            "(blocklists refuse public resolvers)");
    if (!host.hasNamedResolvers())
        throw std::runtime_error("dnsbl: this host offers no named resolvers (resolver.named, ABI 1.5)");
    s.resolver = *resolver;
    s.cacheTtlMs = configInteger(host, "dnsbl", "cache_ttl_s", 3600, 1, 86400) * 1000;
    s.errorCacheTtlMs = configInteger(host, "dnsbl", "error_cache_ttl_s", 60, 1, 86400) * 1000;
    // With the periodic task keeping zones fresh, a request checks only what it missed.
    s.healthMaxAgeMs = healthIntervalMs(host) * (hasTasks(host) ? 2 : 1);
    return s;
}

/// Why `address` is not asked about, or nullopt when it is public. Only
/// globally reachable addresses are ever listed; asking about 10.0.0.1 would
/// tell every list operator what the caller's network looks like inside.
std::optional<std::string> notPublic(const Host& host, const Address& address) {
    Result<Held<NetFactsView>> facts = host.netFacts(address.text());
    if (!facts || facts->routable()) return std::nullopt;
    std::string what = std::string(facts->kind());
    if (std::optional<std::string_view> rfc = facts->rfc()) what += " (" + std::string(*rfc) + ")";
    return address.text() + " is not a public address (" + what +
           "): blocklists list only public addresses, so none was asked";
}

}  // namespace

DnsblPlugin::DnsblPlugin(Host& host)
    : host_(host),
      lists_(catalogueOf(host)),
      board_(lists_.size()),
      check_(host, lists_, board_, settingsOf(host)),
      healthTask_(scheduleZoneHealth(host_, check_.settings().resolver, lists_, board_,
                                     std::chrono::milliseconds(healthIntervalMs(host)))) {
    std::string keyed;
    for (const Blocklist& l : lists_)
        if (l.queryZone != l.zone) keyed += " " + l.name;
    host_.info("loaded " + std::to_string(lists_.size()) + " blocklists, asked through resolver '" +
               check_.settings().resolver + "'" + (keyed.empty() ? "" : "; with a DQS key:" + keyed));
    if (!host_.hasCache()) host_.warn("no cache: section in the manifest; every request asks every list again");
    if (!healthTask_) host_.warn("no periodic tasks on this host: zone health is checked by the requests themselves");
}

void DnsblPlugin::lookup(Request& req, Response& resp) {
    const std::optional<Address> address = parseAddress(req.pathParam("ip").value_or(std::string_view()));
    if (!address) return void(resp.error(400, "invalid_address", kInvalidAddressParamMessage));
    if (std::optional<std::string> why = notPublic(host_, unmapped(*address)))
        return void(resp.error(400, "not_public_address", *why));
    const BlacklistReport report = check_.check(*address);
    resp.json(writeBlacklistResponse(report, ResponseStamp::now(host_)));
    if (report.transient) resp.transient();
}

}  // namespace ipfacts::dnsbl

IPFACTS_PLUGIN(ipfacts::dnsbl::DnsblPlugin, "dnsbl", "1.0.0",
               "An address against public blocklists (DNSBLs), through a resolver of our own",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(ipfacts::dnsbl::DnsblPlugin, lookup, 0));
