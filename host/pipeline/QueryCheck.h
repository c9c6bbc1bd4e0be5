// QueryCheck: the pipeline's one rule for query parameters. A route accepts
// exactly the query parameters its OpenAPI operation declares (Route::
// query_params, read from the assembled document), `key` (the API key, taken
// out by the identify stage before this runs) and nothing else: a typo gets
// 400 unknown_parameter naming it and the accepted ones, never an answer
// about something else. The host's own parameters are read here: `pretty`
// and `fields` into the Exchange; `_` (a browser library's cache-buster) is
// declared everywhere and ignored.
#pragma once

#include "host/pipeline/Exchange.h"

#include <optional>
#include <string>

namespace ipfacts::pipeline {

struct QueryProblem {
    std::string token;  ///< unknown_parameter, unknown_field or invalid_parameter
    std::string message;
};

/// Checks `ex.query` against `ex.route` and fills ex.pretty and ex.fields.
/// nullopt when the query is acceptable. Never throws.
std::optional<QueryProblem> checkQuery(Exchange& ex);

/// The host's parameters, which never reach a cache key: they change how an
/// answer is written, not what it says.
bool isPresentationParameter(std::string_view name);

}  // namespace ipfacts::pipeline
