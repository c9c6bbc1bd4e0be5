#include "LookupPlugin.h"

#include "TargetLookup.h"

#include <ipfacts/address.hpp>
#include <ipfacts/params.hpp>

namespace ipfacts::lookup {

LookupPlugin::LookupPlugin(Host& host) : host_(host) {}

void LookupPlugin::lookup(Request& req, Response& resp) { answer(req, resp, req.pathParam("target").value_or("")); }

void LookupPlugin::address(Request& req, Response& resp) {
    const std::string_view target = req.pathParam("ip").value_or("");
    if (!parseAddress(target))
        return void(resp.error(404, "not_found",
                               "no endpoint at /" + std::string(target) +
                                   "; the short form takes an IPv4 or IPv6 address, a host name is looked up at "
                                   "/api/v1/lookup/{name}; see /api/openapi.json"));
    answer(req, resp, target);
}

void LookupPlugin::answer(Request& req, Response& resp, std::string_view target) {
    const Flag privacy = readFlag(req, "privacy");
    const LookupOutcome out = lookUpTarget(host_, req, target, privacy);
    if (out.status != 200) return void(resp.error(out.status, out.token, out.message));
    if (out.transient) resp.transient();
    resp.json(out.body);
}

}  // namespace ipfacts::lookup

IPFACTS_PLUGIN(ipfacts::lookup::LookupPlugin, "lookup", "1.0.0",
               "Facts and RFC classification for an address or host name", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(ipfacts::lookup::LookupPlugin, lookup, 0),
               IPFACTS_HANDLER(ipfacts::lookup::LookupPlugin, address, 0));
