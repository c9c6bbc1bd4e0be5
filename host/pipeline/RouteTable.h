// RouteTable: maps a decoded request path to the manifest route that serves
// it. Static paths are one hash lookup; templates ("/api/v1/reverse/{ip}")
// are matched segment by segment, most literal segments first.
#pragma once

#include "host/manifest/Manifest.h"

#include <ipfacts/plugin.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ipfacts::pipeline {

class HostRoutes;

/// A route ready to serve: the manifest entry bound to its handler.
struct Route {
    manifest::RouteSpec spec;
    const manifest::RateClass* rate_class = nullptr;
    size_t rate_class_index = 0;
    std::string cache_control_line;  // "Cache-Control: ...\r\n"
    std::string policy_anonymous;    // X-RateLimit-Policy values, built once: "<class>:anonymous"
    std::string policy_keyed;        // "<class>:key"
    // Seconds the host's response cache keeps this route's answers; 0: never
    // cached. Set by RouteTable from cache_control and response_cache.
    int response_cache_s = 0;

    // What the route's operation in the OpenAPI document declares (the
    // daemon copies it from openapi::RouteContract): the query parameters
    // the pipeline lets through, and the members `fields=` may name (empty:
    // `fields` is not offered).
    std::vector<std::string> query_params;
    std::vector<std::string> json_fields;
    std::vector<std::string> address_params;  // path parameters matched by address literals only
    std::vector<std::string> target_params;   // matched by address literals and public host names (TargetName)

    // A plugin handler, or a host handler when `host_handler` is set.
    ipf_handler_fn fn = nullptr;
    void* state = nullptr;
    bool nonblocking = false;
    int host_handler = -1;
    bool accepts_post = false;  // the account pages' forms; every other route is GET/HEAD/OPTIONS
};

struct RouteMatch {
    const Route* route = nullptr;
    std::vector<std::pair<std::string_view, std::string>> params;  // decoded
    bool bad_param = false;                                        // a parameter had a malformed escape
    // No route: the template that would have matched but for a parameter that takes
    // addresses (or targets) only ("/{ip}" for "/example.com"), for the 404's message. Else null.
    const Route* address_miss = nullptr;
};

class RouteTable {
public:
    /// Takes ownership of the routes. Paths were validated by the manifest.
    explicit RouteTable(std::vector<Route> routes);

    /// Finds the route for `raw_path` (not yet decoded; parameters are decoded
    /// one segment at a time so "%2F" stays inside its segment).
    RouteMatch match(std::string_view raw_path) const;

    const std::vector<Route>& routes() const { return routes_; }

private:
    struct Template;
    /// Every address-only parameter of `t` is an address literal in `segs`, and
    /// every target parameter an address literal or a public host name.
    static bool addressesWhereRequired(const Template& t, const std::vector<std::string_view>& segs);

    /// What a segment of a template takes.
    enum class Takes { Literal, Anything, Address, Target };
    struct Template {
        const Route* route;
        std::vector<std::string> segments;  // "{name}" for parameters
        size_t literal_count;
        std::vector<Takes> takes;  // per segment
    };
    std::vector<Route> routes_;
    std::unordered_map<std::string, const Route*> exact_;
    std::vector<Template> templates_;
};

/// Splits "/a/b/c" into {"a","b","c"}; a trailing slash gives an empty last segment.
std::vector<std::string_view> splitPath(std::string_view path);

}  // namespace ipfacts::pipeline
