#include "RdapSettings.h"

#include "RdapPlugin.h"

#include <ipfacts/config.hpp>

#include <stdexcept>
#include <string>

namespace ipfacts::rdap {

RdapSettings RdapSettings::fromConfig(const Host& host) {
    const Config config(host, RdapPlugin::kConfig);
    auto integer = [&](const char* key) { return static_cast<int>(config.integer(key)); };
    RdapSettings s;
    s.bootstrapDir = config.path("bootstrap_dir");
    s.overrides = config.path("overrides");
    s.whoisServers = config.path("whois_servers");
    s.refreshUrl = config.text("refresh_url").value_or("");
    if (!s.refreshUrl.empty() && s.refreshUrl.back() != '/') s.refreshUrl += '/';
    s.refreshHours = integer("refresh_hours");
    // Not a range: IANA's files are fetched at most daily, or never.
    if (s.refreshHours > 0 && s.refreshHours < 24)
        throw std::invalid_argument("refresh_hours is " + std::to_string(s.refreshHours) +
                                    ": IANA's files are fetched at most daily (24 or more, 0 for never)");
    s.timeoutMs = integer("timeout_ms");
    s.maxRedirects = integer("max_redirects");
    s.whoisTimeoutMs = integer("whois_timeout_ms");
    s.cacheTtlS = integer("cache_ttl_s");
    s.maxBodyBytes = integer("max_body_bytes");
    return s;
}

}  // namespace ipfacts::rdap
