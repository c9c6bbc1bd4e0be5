#include "SslSettings.h"

#include <ipfacts/config.hpp>

#include <string>

namespace ipfacts::ssl {

SslSettings SslSettings::fromConfig(const Host& host) {
    SslSettings s;
    s.port = configInteger(host, "ssl", "port", 443, 1, 65535);
    s.probeTimeoutMs = configInteger(host, "ssl", "probe_timeout_ms", 3000, 100, 60000);
    s.httpsTimeoutMs = configInteger(host, "ssl", "https_timeout_ms", 3000, 100, 60000);
    if (std::optional<std::string> path = host.configPath("public_suffixes"); path && !path->empty())
        s.publicSuffixes = PublicSuffixes::fromFile(*path);
    return s;
}

}  // namespace ipfacts::ssl
