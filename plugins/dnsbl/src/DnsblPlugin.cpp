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

Config configOf(const Host& host) { return Config(host, DnsblPlugin::kConfig); }

std::vector<Blocklist> catalogueOf(const Host& host) { return loadCatalogue(configOf(host).path("catalogue")); }

int64_t healthIntervalMs(const Host& host) { return configOf(host).integer("health_interval_s") * 1000; }

// The host has checked the resolver names one of resolver.named (so it offers
// resolve_named) and the numbers are in range.
CheckSettings settingsOf(const Host& host) {
    const Config config = configOf(host);
    CheckSettings s;
    s.resolver = config.text("resolver").value_or("");
    s.cacheTtlMs = config.integer("cache_ttl_s") * 1000;
    s.errorCacheTtlMs = config.integer("error_cache_ttl_s") * 1000;
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
