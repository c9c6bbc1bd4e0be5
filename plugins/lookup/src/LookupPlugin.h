// The `lookup` family: GET /api/v1/lookup/{target}, facts about an address
// or a host name the caller names (plugins/lookup/README.md).
#ifndef IPFACTS_PLUGINS_LOOKUP_LOOKUPPLUGIN_H
#define IPFACTS_PLUGINS_LOOKUP_LOOKUPPLUGIN_H

#include <ipfacts/plugin.hpp>

namespace ipfacts::lookup {

/// The plugin object the host creates once at init. Holds no mutable state,
/// so its handler may run on any number of threads at once.
class LookupPlugin {
public:
    static constexpr auto kConfig = ipfacts::kNoConfig;  // takes no config
    // Host names are resolved and every answer carries address facts.
    static constexpr const char* kRequiredFacilities[] = {"resolver", "netdb", nullptr};
    explicit LookupPlugin(Host& host);

    /// GET /api/v1/lookup/{target}: the LookupResponse. Blocking: a host name
    /// is resolved through the host's resolver first.
    void lookup(Request& req, Response& resp);

    /// GET /{ip} and /json/{ip}: the short forms, for address literals only.
    /// The same body as /api/v1/lookup/{ip}; anything that is not an address
    /// (a host name, /favicon.ico) is 404 not_found pointing at the long form,
    /// so a stray path never resolves a name.
    void address(Request& req, Response& resp);

private:
    void answer(Request& req, Response& resp, std::string_view target);

    const Host& host_;  // outlives the plugin: the SDK constructs it first
};

}  // namespace ipfacts::lookup

#endif
