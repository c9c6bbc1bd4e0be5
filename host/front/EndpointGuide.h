// EndpointGuide: the front page's guide to every endpoint, read once at start
// from the assembled OpenAPI document (so it lists exactly what this
// deployment routes): each path, its summary and a curl line built from the
// first example of every path parameter and required query parameter, and
// the family it belongs to (the operation's first tag), by which the page
// groups the guide.
#pragma once

#include <string>
#include <vector>

namespace ipfacts::front {

struct GuideEntry {
    std::string path;     ///< the route template, "/api/v1/lookup/{target}"
    std::string summary;  ///< the operation's summary
    std::string example;  ///< path and query of the curl line, percent-encoded: "/api/v1/lookup/198.51.100.7"
    std::string family;   ///< the operation's first tag ("Lookup"); "Other" when it has none
};

/// One entry per GET operation of `document`, in the document's order.
/// Throws std::runtime_error when the text is not JSON.
std::vector<GuideEntry> endpointGuide(const std::string& document);

}  // namespace ipfacts::front
