// OpenApiDocument: assembles /api/openapi.json at start from the shared
// components and each loaded plugin's fragment, placing every operation at
// the paths the manifest routes to its handler. A plugin removed from the
// manifest takes its paths with it.
#pragma once

#include "host/manifest/Manifest.h"

#include <Poco/JSON/Object.h>

#include <map>
#include <string>
#include <vector>

namespace ipfacts::openapi {

struct RoutedOperation {
    manifest::RouteSpec route;
    std::string fragment;        // the plugin's fragment text ("" for host handlers)
    std::string host_operation;  // for host handlers: the operation object text
};

/// `text` parsed as a JSON object, member order kept. Throws std::runtime_error
/// "<what> is not valid JSON: ..." otherwise.
Poco::JSON::Object::Ptr parseObject(const std::string& text, const std::string& what);

/// Builds the document. Throws std::runtime_error naming the plugin whose
/// fragment is not valid JSON or lacks the routed handler.
std::string buildDocument(const manifest::Manifest& m, const std::vector<RoutedOperation>& ops);

}  // namespace ipfacts::openapi
