// The `ip` family: the caller's own address, in the plain forms of the short
// paths. Only /ip is served today; /json and /ip.md join as further handlers.
#ifndef IPFACTS_PLUGINS_IP_IPPLUGIN_H
#define IPFACTS_PLUGINS_IP_IPPLUGIN_H

#include <ipfacts/plugin.hpp>

namespace ipfacts::ip {

/// The plugin object the host creates once at init. Holds no mutable state,
/// so its handlers may run on any number of threads at once.
class IpPlugin {
public:
    /// Nothing to load yet; later handlers take what they need from `host` here.
    explicit IpPlugin(Host& host);

    /// GET /ip: the caller's address and one "\n", as text/plain. Never
    /// blocks and allocates nothing in the plugin: this is the hottest path.
    void address(Request& req, Response& resp);
};

}  // namespace ipfacts::ip

#endif
