// SslSettings: the `ssl` plugin's manifest section, read once at init.
#ifndef IPFACTS_PLUGINS_SSL_SSLSETTINGS_H
#define IPFACTS_PLUGINS_SSL_SSLSETTINGS_H

#include "PublicSuffixes.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::ssl {

struct SslSettings {
    int port = 443;                 ///< the one port checked; public deployments keep 443
    int probeTimeoutMs = 3000;      ///< both handshakes, run at once
    int httpsTimeoutMs = 3000;      ///< each HTTPS request (HEAD, then GET)
    PublicSuffixes publicSuffixes;  ///< empty: single labels only

    /// Reads `port` (1-65535), `probe_timeout_ms` and `https_timeout_ms`
    /// (100-60000) and the `public_suffixes` file. Throws
    /// std::runtime_error naming the key for a value out of range or a file
    /// that does not read.
    static SslSettings fromConfig(const Host& host);
};

}  // namespace ipfacts::ssl

#endif
