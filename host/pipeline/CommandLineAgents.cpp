#include "host/pipeline/CommandLineAgents.h"

#include "host/pipeline/HttpText.h"

namespace ipfacts::pipeline {

std::string_view requestHeader(const HttpRequest& request, std::string_view name) {
    for (const auto& h : request.headers)
        if (iequals(h.name, name)) return h.value;
    return {};
}

bool CommandLineAgents::matches(std::string_view ua) const {
    const size_t end = ua.find_first_of("/ ");
    const std::string_view product = ua.substr(0, end);
    if (product.empty()) return false;
    for (const auto& n : names_)
        if (iequals(product, n)) return true;
    return false;
}

bool CommandLineAgents::matches(const HttpRequest& request) const {
    return matches(requestHeader(request, "User-Agent"));
}

}  // namespace ipfacts::pipeline
