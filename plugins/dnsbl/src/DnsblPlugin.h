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
    static constexpr ConfigKey kConfig[] = {
        requiredPath("catalogue", "the blocklist catalogue, etc/blocklists.yaml"),
        requiredResolver("resolver",
                         "the named resolver (resolver.named) every blocklist question goes through; never a public "
                         "resolver"),
        integerKey("cache_ttl_s", 1, 86400, "3600", "how long a list's answer is kept"),
        integerKey("error_cache_ttl_s", 1, 86400, "60", "how long a failed query is kept"),
        integerKey("health_interval_s", 10, 86400, "600", "how often each zone's RFC 5782 test points are checked")};

    /// Loads the catalogue and the settings and registers the zone health
    /// task; throws (refusing the plugin with the message) on a bad catalogue.
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
