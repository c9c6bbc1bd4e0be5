// The `dns` family: GET /api/v1/dns asks several public resolvers over
// DNS-over-HTTPS and returns each answer separately (plugins/dns/README.md).
#ifndef IPFACTS_PLUGINS_DNS_DNSPLUGIN_H
#define IPFACTS_PLUGINS_DNS_DNSPLUGIN_H

#include <ipfacts/plugin.hpp>

namespace ipfacts::dns {

/// The plugin object the host creates once at init. Stateless beyond the
/// host handle, so handlers may run on any number of threads.
class DnsPlugin {
public:
    static constexpr auto kConfig = ipfacts::kNoConfig;  // takes no config
    static constexpr const char* kRequiredFacilities[] = {"doh", nullptr};
    /// The host loads it only with a doh facility (kRequiredFacilities).
    explicit DnsPlugin(Host& host);

    /// GET /api/v1/dns?name=&type=: the DnsResponse, or a 400 for a bad
    /// parameter. Blocks on the network: registered without NONBLOCKING.
    void query(Request& req, Response& resp);

private:
    const Host& host_;  // outlives the plugin: the SDK constructs it first
};

}  // namespace ipfacts::dns

#endif
