#include "host/pipeline/QueryCheck.h"

#include "host/pipeline/RouteTable.h"

#include <algorithm>

namespace ipfacts::pipeline {
namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::optional<QueryProblem> readPretty(Exchange& ex, const std::string& value) {
    if (ex.pretty || (value != "0" && value != "1"))
        return QueryProblem{"invalid_parameter", "`pretty` takes 0 or 1, at most once"};
    ex.pretty = value == "1";
    return std::nullopt;
}

std::optional<QueryProblem> readFields(Exchange& ex, const std::string& value) {
    if (!ex.fields.empty()) return QueryProblem{"invalid_parameter", "`fields` may be given once"};
    const auto& valid = ex.route->json_fields;
    size_t start = 0;
    while (true) {
        const size_t comma = value.find(',', start);
        std::string name = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (name.empty())
            return QueryProblem{"invalid_parameter", "`fields` is a comma-separated list of member names, none empty"};
        if (std::find(valid.begin(), valid.end(), name) == valid.end())
            return QueryProblem{"unknown_field", "unknown field `" + name + "` in fields; valid: " + joined(valid)};
        ex.fields.push_back(std::move(name));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return std::nullopt;
}

}  // namespace

bool isPresentationParameter(std::string_view name) { return name == "pretty" || name == "fields" || name == "_"; }

std::optional<QueryProblem> checkQuery(Exchange& ex) {
    const auto& accepted = ex.route->query_params;
    for (const auto& [name, value] : ex.query) {
        if (std::find(accepted.begin(), accepted.end(), name) == accepted.end())
            return QueryProblem{"unknown_parameter", "unknown parameter `" + name + "` on " + ex.route->spec.path +
                                                         "; accepted: " + joined(accepted) +
                                                         (accepted.empty() ? "key" : ", key")};
        std::optional<QueryProblem> problem;
        if (name == "pretty")
            problem = readPretty(ex, value);
        else if (name == "fields" && !ex.route->json_fields.empty())
            problem = readFields(ex, value);
        if (problem) return problem;
    }
    return std::nullopt;
}

}  // namespace ipfacts::pipeline
