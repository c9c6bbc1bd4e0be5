// The `reverse` family: GET /api/v1/reverse/{ip}, the PTR names of an
// address and whether they resolve back to it (plugins/reverse/README.md).
#ifndef IPFACTS_PLUGINS_REVERSE_REVERSEPLUGIN_H
#define IPFACTS_PLUGINS_REVERSE_REVERSEPLUGIN_H

#include <ipfacts/plugin.hpp>

namespace ipfacts::reverse {

/// The plugin object the host creates once at init. Stateless beyond the
/// host handle, so handlers may run on any number of threads.
class ReversePlugin {
public:
    static constexpr auto kConfig = ipfacts::kNoConfig;  // takes no config
    static constexpr const char* kRequiredFacilities[] = {"resolver", nullptr};
    /// The host loads it only with a resolver (kRequiredFacilities).
    explicit ReversePlugin(Host& host);

    /// GET /api/v1/reverse/{ip}: the ReverseDnsResponse, or 400
    /// invalid_address. Blocks on DNS: registered without NONBLOCKING.
    void lookup(Request& req, Response& resp);

private:
    const Host& host_;  // outlives the plugin: the SDK constructs it first
};

}  // namespace ipfacts::reverse

#endif
