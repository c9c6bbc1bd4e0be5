// PrivacyConfig: the deployment's `privacy:` manifest section, which turns on
// the privacy facility (VPN, proxy, Tor, relay and hosting flags). Every
// provider has an on/off switch; feeds say how often they are refreshed and
// how old their data may be before a flag is unknown instead of false.
//
//   privacy:
//     tor:   { enabled: true, url: https://check.torproject.org/exit-addresses, refresh_s: 3600, max_age_s: 21600 }
//     tor_dns: { enabled: false, zone: dnsel.torproject.org }   # per address, through the resolver
//     relays:
//       icloud-private-relay: { enabled: true, service: iCloud Private Relay,
//                               url: https://mask-api.icloud.com/egress-ip-ranges.csv,
//                               refresh_s: 86400, max_age_s: 604800 }
//     hosting: { enabled: true, connection_type: true, asns: privacy/hosting-asns.yaml }
//     provider:                       # an external VPN/proxy API, through the http facility
//       name: proxycheck
//       enabled: false
//       url: "https://proxycheck.io/v2/{ip}?key={key}&vpn=1"
//       key_env: PROXYCHECK_KEY       # or key: "..."
//       vpn:     { path: "{ip}.type", equals: VPN }
//       proxy:   { path: "{ip}.proxy", equals: "yes" }
//       service: { path: "{ip}.provider" }
//     lists:                          # local range files, re-read on refresh and SIGHUP
//       office-vpn: { enabled: true, flag: vpn, file: privacy/vpn-ranges.txt, service: Example VPN }
//     overrides: privacy/overrides.yaml   # operator allow/deny ranges, applied last
//
// Plain data: the manifest holds one (YamlReader.h only declares YAML::Node).
#pragma once

#include "host/manifest/YamlReader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities::privacy {

/// A list refreshed in the background: fetched from `url` through the http
/// facility, or read from `file`.
struct FeedConfig {
    std::string name;  // the source named in evidence
    bool enabled = true;
    std::string flag;         // "tor", "relay", "vpn", "proxy", "hosting"
    bool tor_format = false;  // Tor's exit-addresses format; otherwise a range list (CSV first column)
    std::string url;          // one of url and file
    std::string file;         // resolved
    std::string service;      // the relay or VPN service its ranges belong to; empty: none
    int64_t refresh_s = 3600;
    int64_t max_age_s = 86400;     // older data makes the flag unknown, never false
    int64_t max_bytes = 64 << 20;  // a larger download is an error (the iCloud list is ~10 MB)
    int timeout_ms = 60000;        // one download
};

/// Where one value sits in the provider's JSON answer: a dotted path whose
/// segments may hold {ip}; with `equals`, true when the value's text equals
/// it (letter case ignored), else true when the value is JSON true.
struct AnswerPath {
    std::string path;
    std::string equals;
    bool set() const { return !path.empty(); }
};

/// An external VPN/proxy provider called per address.
struct ProviderConfig {
    std::string name = "provider";
    bool enabled = false;
    std::string url;  // template with {ip} and {key}
    std::string key;  // never logged
    int timeout_ms = 2000;
    AnswerPath vpn, proxy, service;
};

struct HostingConfig {
    bool enabled = true;
    bool connection_type = true;  // netdb's connection type "hosting" counts
    std::string asns;             // resolved YAML file of hosting ASNs; empty: none
};

/// Tor's DNS exit list zone, asked per address through the resolver facility.
struct TorDnsConfig {
    bool enabled = true;
    std::string zone;  // lower case, no trailing dot
};

struct PrivacyConfig {
    std::optional<FeedConfig> tor;
    std::optional<TorDnsConfig> tor_dns;
    std::vector<FeedConfig> relays;
    HostingConfig hosting;
    std::optional<ProviderConfig> provider;
    std::vector<FeedConfig> lists;
    std::string overrides;  // resolved YAML file; empty: none

    /// Every feed (tor, relays, lists), for the refresh tasks.
    std::vector<FeedConfig> feeds() const;

    /// Reads the `privacy` node of the manifest `file` (folder `dir`).
    /// Throws manifest::ConfigError "file:line: message".
    static PrivacyConfig fromYaml(const YAML::Node& privacy, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::facilities::privacy
