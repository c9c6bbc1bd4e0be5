// RouteContract: what a route's operation in the assembled OpenAPI document
// promises about its query, read once at start so that the pipeline checks
// requests against the same text clients read (one list, not a second one
// kept in code): the query parameters it accepts and the top-level members
// of its JSON answer, which `fields=` may name, and the path parameters that
// take only addresses.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace ipfacts::openapi {

struct RouteContract {
    std::vector<std::string>
        query_params;                 ///< declared `in: query`, in the document's order (pretty, fields, _ included)
    bool answers_json = false;        ///< its 200 answer offers application/json
    std::vector<std::string> fields;  ///< properties of that JSON schema; empty: `fields` is not offered
    /// Path parameters whose schema takes only addresses (format ipv4 or ipv6,
    /// alone or as the choices of anyOf/oneOf): the route matches only when
    /// the segment is an address literal, and any other path stays unmatched.
    std::vector<std::string> address_params;
    /// Path parameters whose schema takes addresses and host names only (the
    /// choices of anyOf/oneOf are formats ipv4, ipv6 and hostname): the route
    /// matches an address literal or a public host name (pipeline/TargetName).
    std::vector<std::string> target_params;
};

/// The contract of every path of `document` (the text buildDocument made),
/// by path template. Throws std::runtime_error when the text is not JSON.
std::map<std::string, RouteContract> routeContracts(const std::string& document);

}  // namespace ipfacts::openapi
