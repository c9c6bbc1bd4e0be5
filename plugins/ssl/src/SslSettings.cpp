#include "SslSettings.h"

#include "SslPlugin.h"

#include <ipfacts/config.hpp>

#include <string>

namespace ipfacts::ssl {

SslSettings SslSettings::fromConfig(const Host& host) {
    const Config config(host, SslPlugin::kConfig);
    SslSettings s;
    s.port = static_cast<int>(config.integer("port"));
    s.probeTimeoutMs = static_cast<int>(config.integer("probe_timeout_ms"));
    s.httpsTimeoutMs = static_cast<int>(config.integer("https_timeout_ms"));
    if (const std::string path = config.path("public_suffixes"); !path.empty())
        s.publicSuffixes = PublicSuffixes::fromFile(path);
    return s;
}

}  // namespace ipfacts::ssl
