#include "HeadersPlugin.h"

#include "HeaderEcho.h"

#include <ipfacts/config.hpp>

#include <string>

namespace ipfacts::headers {
HeadersPlugin::HeadersPlugin(Host& host) : host_(host), catalogue_(Config(host, kConfig).path("catalogue")) {
    host_.info("loaded " + std::to_string(catalogue_.entries().size()) + " header explanations, " +
               std::to_string(catalogue_.redactedNames().size()) + " redacted header names");
}

void HeadersPlugin::echo(Request& req, Response& resp) {
    resp.json(writeHeaderEcho(req, catalogue_, ResponseStamp::now(host_)));
}

}  // namespace ipfacts::headers

IPFACTS_PLUGIN(ipfacts::headers::HeadersPlugin, "headers", "1.0.0",
               "The caller's request headers, each explained, credentials redacted", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(ipfacts::headers::HeadersPlugin, echo, IPF_HANDLER_NONBLOCKING));
