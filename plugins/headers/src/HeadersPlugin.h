// The `headers` family: GET /api/v1/headers echoes the caller's request
// headers with an explanation of each.
#ifndef IPFACTS_PLUGINS_HEADERS_HEADERSPLUGIN_H
#define IPFACTS_PLUGINS_HEADERS_HEADERSPLUGIN_H

#include "HeaderCatalogue.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::headers {

/// The plugin object the host creates once at init. Its catalogue is read
/// only after construction, so handlers may run on any number of threads.
class HeadersPlugin {
public:
    static constexpr ConfigKey kConfig[] = {requiredPath("catalogue", "the header catalogue, etc/headers.yaml")};
    /// Loads the catalogue named by config key `catalogue`. Throws
    /// std::runtime_error when the file is unusable.
    explicit HeadersPlugin(Host& host);

    /// GET /api/v1/headers: the HeadersResponse. No external call.
    void echo(Request& req, Response& resp);

private:
    const Host& host_;  // outlives the plugin: the SDK constructs it first
    HeaderCatalogue catalogue_;
};

}  // namespace ipfacts::headers

#endif
