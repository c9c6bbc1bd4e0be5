// RouteBinding: the manifest's routes bound to what serves them — a loaded
// plugin's handler, or a host handler by name (HostHandlerDef), its
// behaviour copied from the declaration — with the OpenAPI text each route's
// operation comes from. A route whose plugin did not load or lacks the
// handler is skipped and named (/readyz reports it).
#pragma once

#include "host/openapi/OpenApiDocument.h"
#include "host/pipeline/HostHandlerDef.h"
#include "host/pipeline/RouteTable.h"

#include <map>
#include <string>
#include <vector>

namespace ipfacts::plugins {
class LoadedPlugin;
}

namespace ipfacts::server {

struct BoundRoutes {
    std::vector<pipeline::Route> routes;
    std::vector<openapi::RoutedOperation> operations;  // one per route, in the same order
    std::vector<std::string> skipped;                  // paths not served
};

/// Binds every route of `m`: to the plugins in `loaded` (by name), or to
/// `handlers` (Route::host_handler is the index into it; checkHostRoutes
/// passed the names).
BoundRoutes bindRoutes(const manifest::Manifest& m, const std::map<std::string, plugins::LoadedPlugin*>& loaded,
                       const std::vector<pipeline::HostHandlerDef>& handlers);

}  // namespace ipfacts::server
