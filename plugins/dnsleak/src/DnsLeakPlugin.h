// The `dnsleak` family: GET /api/v1/dnsleak/{session}, the result of a DNS
// leak test. Planned: until its DNS responder ships, every session is 404.
#ifndef IPFACTS_PLUGINS_DNSLEAK_DNSLEAKPLUGIN_H
#define IPFACTS_PLUGINS_DNSLEAK_DNSLEAKPLUGIN_H

#include <ipfacts/plugin.hpp>

namespace ipfacts::dnsleak {

/// The plugin object the host creates once at init. Stateless, so its
/// handler may run on any number of threads at once.
class DnsLeakPlugin {
public:
    static constexpr auto kConfig = ipfacts::kNoConfig;  // takes no config
    /// Nothing to load until the responder exists.
    explicit DnsLeakPlugin(Host& host);

    /// GET /api/v1/dnsleak/{session}: 404 not_implemented (docs/api.md, "Errors").
    void session(Request& req, Response& resp);
};

}  // namespace ipfacts::dnsleak

#endif
