// OpenApiHandler: host.openapi, the assembled OpenAPI document served as it
// was built at start, on the event loop.
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <string>

namespace ipfacts::openapi {

/// host.openapi, serving `*document` (null: declared only, to check a manifest).
/// The document is built once the routes are bound; the handler reads it then.
pipeline::HostHandlerDef openApiHandler(const std::string* document);

}  // namespace ipfacts::openapi
