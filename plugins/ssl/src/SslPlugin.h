// The `ssl` family: GET /api/v1/ssl, a server's TLS certificate, chain,
// host-name match, TLS 1.3 support and HTTPS reading (plugins/ssl/README.md).
#ifndef IPFACTS_PLUGINS_SSL_SSLPLUGIN_H
#define IPFACTS_PLUGINS_SSL_SSLPLUGIN_H

#include "SslSettings.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::ssl {

/// The plugin object the host creates once at init. Its settings are read
/// in the constructor and never change, so handlers may run on any number
/// of threads.
class SslPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"resolver", "connect", nullptr};
    static constexpr ConfigKey kConfig[] = {
        integerKey("port", 1, 65535, "443", "the port checked; 443 in public deployments, another for tests"),
        optionalPath("public_suffixes",
                     "public suffix rules wildcards may not cover, etc/ssl/public-suffixes.txt; absent: single labels "
                     "only"),
        integerKey("probe_timeout_ms", 100, 60000, "3000", "the two TLS handshakes, run at once"),
        integerKey("https_timeout_ms", 100, 60000, "3000", "each HTTPS request, HEAD then GET")};

    /// Reads the settings (SslSettings::fromConfig); throws on a bad value,
    /// which refuses the plugin with the message. Logs when there is no
    /// http facility: `https` then says so.
    explicit SslPlugin(Host& host);

    /// GET /api/v1/ssl?host=: the SslResponse, or 400 with a HostParameter
    /// token. Blocks on DNS, TLS and HTTPS: registered without NONBLOCKING.
    void check(Request& req, Response& resp);

private:
    const Host& host_;  // outlives the plugin: the SDK constructs it first
    const SslSettings settings_;
};

}  // namespace ipfacts::ssl

#endif
