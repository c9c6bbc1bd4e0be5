// The `rdap` family: GET /api/v1/rdap?query=, registration data for an
// address, a CIDR block, an AS number or a domain — RDAP first, WHOIS on
// port 43 as the fallback (plugins/rdap/README.md).
#ifndef IPFACTS_PLUGINS_RDAP_RDAPPLUGIN_H
#define IPFACTS_PLUGINS_RDAP_RDAPPLUGIN_H

#include "BootstrapSource.h"
#include "RdapLookup.h"
#include "RdapSettings.h"
#include "WhoisServers.h"

#include <ipfacts/plugin.hpp>

#include <memory>

namespace ipfacts::rdap {

class RdapPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"http", "cache", nullptr};
    static constexpr ConfigKey kConfig[] = {
        requiredPath("bootstrap_dir", "the RDAP bootstrap snapshot (ipv4/ipv6/asn/dns.json), etc/rdap"),
        optionalPath("overrides", "services missing from IANA's files or moved, etc/rdap/overrides.yaml"),
        optionalPath("whois_servers", "the WHOIS fallback's servers, etc/rdap/whois-servers.yaml; absent: no fallback"),
        stringKey("refresh_url", "https://data.iana.org/rdap/",
                  "where IANA's bootstrap files are refreshed from; empty: never"),
        integerKey("refresh_hours", 0, 8760, "24", "hours between bootstrap refreshes; 24 or more, 0: never"),
        integerKey("timeout_ms", 100, 30000, "4000", "each RDAP request, a redirect hop included"),
        integerKey("max_redirects", 0, 10, "3", "redirects followed between registries"),
        integerKey("whois_timeout_ms", 100, 30000, "5000", "each WHOIS exchange"),
        integerKey("cache_ttl_s", 1, 86400, "3600", "how long answers are cached"),
        integerKey("max_body_bytes", 1024, 16777216, "2097152", "largest RDAP answer read")};

    /// Loads the bootstrap snapshot, the overrides and the WHOIS table; throws
    /// (refusing the plugin with the reason) when one is unreadable. Registers
    /// the hourly check for a due bootstrap refresh as a periodic task.
    explicit RdapPlugin(Host& host);

    /// GET /api/v1/rdap?query=. Blocks on registries: registered without NONBLOCKING.
    void query(Request& req, Response& resp);

private:
    const Host& host_;
    const RdapSettings settings_;
    WhoisServers whois_;
    std::unique_ptr<BootstrapSource> bootstrap_;
    std::unique_ptr<RdapLookup> lookup_;
    std::unique_ptr<PeriodicTask> refresh_;  // null before ABI 1.5: the lookup refreshes lazily
};

}  // namespace ipfacts::rdap

#endif
