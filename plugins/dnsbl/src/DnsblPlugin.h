// The `dnsbl` family: GET /api/v1/blacklist/{ip}, an address against every
// blocklist of the catalogue (plugins/dnsbl/README.md).
#ifndef IPFACTS_PLUGINS_DNSBL_DNSBLPLUGIN_H
#define IPFACTS_PLUGINS_DNSBL_DNSBLPLUGIN_H

#include "BlacklistCheck.h"
#include "Blocklist.h"
#include "ZoneHealth.h"

#include <memory>

#include <ipfacts/plugin.hpp>

#include <vector>

namespace ipfacts::dnsbl {

/// The plugin object the host creates once at init. The catalogue and the
/// settings never change after construction and the health board locks
/// itself, so handlers may run on any number of threads.
class DnsblPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"resolver", "netdb", nullptr};
    static constexpr ipf_config_key kConfigKeys[] = {
        {"catalogue", IPF_CONFIG_PATH, 1, nullptr, "the blocklist catalogue, etc/blocklists.yaml"},
        {"resolver", IPF_CONFIG_RESOLVER, 1, nullptr,
         "the named resolver (resolver.named) every blocklist question goes through; never a public resolver"},
        {"cache_ttl_s", IPF_CONFIG_INTEGER, 0, "3600", "how long a list's answer is kept (1-86400)"},
        {"error_cache_ttl_s", IPF_CONFIG_INTEGER, 0, "60", "how long a failed query is kept (1-86400)"},
        {"health_interval_s", IPF_CONFIG_INTEGER, 0, "600",
         "how often each zone's RFC 5782 test points are checked (10-86400)"},
        {nullptr, 0, 0, nullptr, nullptr}};

    /// Loads the catalogue and the settings and registers the zone health
    /// task; throws (refusing the plugin with the message) on a bad
    /// catalogue or value, or when the host has no named resolvers (ABI 1.5).
    explicit DnsblPlugin(Host& host);

    /// GET /api/v1/blacklist/{ip}: the BlacklistResponse, or 400
    /// invalid_address / not_public_address. Blocks on DNS: registered
    /// without NONBLOCKING.
    void lookup(Request& req, Response& resp);

private:
    const Host& host_;  // outlives the plugin: the SDK constructs it first
    const std::vector<Blocklist> lists_;
    HealthBoard board_;
    const BlacklistCheck check_;
    std::unique_ptr<PeriodicTask> healthTask_;  // null when the host runs no tasks
};

}  // namespace ipfacts::dnsbl

#endif
