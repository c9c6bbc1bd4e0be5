// SslSettings: the `ssl` plugin's manifest section, read once at init.
#ifndef IPFACTS_PLUGINS_SSL_SSLSETTINGS_H
#define IPFACTS_PLUGINS_SSL_SSLSETTINGS_H

#include "PublicSuffixes.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::ssl {

struct SslSettings {
    int port = 0;                   ///< the one port checked; public deployments keep 443
    int probeTimeoutMs = 0;         ///< both handshakes, run at once
    int httpsTimeoutMs = 0;         ///< each HTTPS request (HEAD, then GET)
    PublicSuffixes publicSuffixes;  ///< empty: single labels only

    /// Reads the keys of SslPlugin::kConfig, the manifest's values or their
    /// defaults, and the `public_suffixes` file. Throws std::runtime_error
    /// for a file that does not read.
    static SslSettings fromConfig(const Host& host);
};

}  // namespace ipfacts::ssl

#endif
