#include "DnsPlugin.h"

#include "DnsLookup.h"
#include "DnsQuery.h"

#include <variant>

namespace ipfacts::dns {

DnsPlugin::DnsPlugin(Host& host) : host_(host) {}

void DnsPlugin::query(Request& req, Response& resp) {
    const auto parsed = parseDnsQuery(req);
    if (const auto* error = std::get_if<QueryError>(&parsed))
        return void(resp.error(error->status, error->token, error->message));
    const DnsReply reply = lookUpDns(host_, std::get<DnsQuery>(parsed));
    if (reply.transient) resp.transient();
    resp.json(reply.body);
}

}  // namespace ipfacts::dns

IPFACTS_PLUGIN(ipfacts::dns::DnsPlugin, "dns", "1.0.0",
               "DNS answers from several public resolvers over DNS-over-HTTPS, never merged", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(ipfacts::dns::DnsPlugin, query, 0));
