// RdapSettings: the plugin's manifest section (`plugins.rdap.config`), read
// once at init and never changed.
#ifndef IPFACTS_PLUGINS_RDAP_RDAPSETTINGS_H
#define IPFACTS_PLUGINS_RDAP_RDAPSETTINGS_H

#include <ipfacts/plugin.hpp>

#include <string>

namespace ipfacts::rdap {

struct RdapSettings {
    std::string bootstrapDir;  ///< the snapshot: ipv4.json, ipv6.json, asn.json, dns.json
    std::string overrides;     ///< override table (YAML); empty: none
    std::string whoisServers;  ///< WHOIS server table (YAML); empty: no WHOIS fallback
    std::string refreshUrl;    ///< base URL of IANA's bootstrap files; empty: no refresh
    int refreshHours = 0;      ///< 0: no refresh
    int timeoutMs = 0;         ///< each RDAP request (a redirect hop is a request)
    int maxRedirects = 0;      ///< hops between registries
    int whoisTimeoutMs = 0;    ///< each WHOIS exchange
    int cacheTtlS = 0;
    int maxBodyBytes = 0;

    /// The keys of RdapPlugin::kConfig, the manifest's values or their
    /// defaults. Throws std::invalid_argument for refresh_hours from 1 to 23.
    static RdapSettings fromConfig(const Host& host);
};

}  // namespace ipfacts::rdap

#endif
