// CommandLineAgents: whether a request comes from a command-line client
// (curl, Wget, HTTPie...), by the first product token of its User-Agent
// against the manifest's front_door.cli_user_agents. Such callers get pretty
// JSON by default and the plain address at /.
#pragma once

#include "host/pipeline/Exchange.h"

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::pipeline {

class CommandLineAgents {
public:
    explicit CommandLineAgents(std::vector<std::string> names) : names_(std::move(names)) {}

    /// True when the User-Agent's first product name ("curl" of
    /// "curl/8.5.0") is one of the names, in any case.
    bool matches(std::string_view user_agent) const;
    bool matches(const HttpRequest& request) const;

private:
    std::vector<std::string> names_;
};

/// The value of the first request header named `name` (any case); empty when absent.
std::string_view requestHeader(const HttpRequest& request, std::string_view name);

}  // namespace ipfacts::pipeline
