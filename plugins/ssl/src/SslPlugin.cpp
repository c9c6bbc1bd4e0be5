#include "SslPlugin.h"

#include "HostParameter.h"
#include "SslCheck.h"
#include "SslResponseWriter.h"

#include <ipfacts/stamp.hpp>

#include <variant>

namespace ipfacts::ssl {

SslPlugin::SslPlugin(Host& host) : host_(host), settings_(SslSettings::fromConfig(host)) {
    if (!host_.hasHttp())
        host_.warn("no http: section in the manifest; /api/v1/ssl will answer without its HTTPS reading");
    host_.info("checking port " + std::to_string(settings_.port) + ", " +
               std::to_string(settings_.publicSuffixes.size()) + " public suffix rules");
}

void SslPlugin::check(Request& req, Response& resp) {
    const auto host = readHostParameter(req);
    if (const HostError* error = std::get_if<HostError>(&host))
        return void(resp.error(400, error->token, error->message));
    const SslFacts facts = checkSsl(host_, settings_, std::get<HostName>(host));
    if (facts.transient) resp.transient();
    // Stamped after the check: when its facts were true.
    resp.json(writeSslResponse(facts, ResponseStamp::now(host_)));
}

}  // namespace ipfacts::ssl

IPFACTS_PLUGIN(ipfacts::ssl::SslPlugin, "ssl", "1.0.0",
               "A server's TLS certificate, chain, host-name match, TLS 1.3 and HTTPS reading",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(ipfacts::ssl::SslPlugin, check, 0));
