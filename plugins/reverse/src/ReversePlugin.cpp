#include "ReversePlugin.h"

#include "ReverseLookup.h"
#include "ReverseResponseWriter.h"

#include <ipfacts/address.hpp>

#include <optional>
#include <string>

namespace ipfacts::reverse {

ReversePlugin::ReversePlugin(Host& host) : host_(host) {}

void ReversePlugin::lookup(Request& req, Response& resp) {
    const std::optional<Address> address = parseAddress(req.pathParam("ip").value_or(std::string_view()));
    if (!address) return void(resp.error(400, "invalid_address", kInvalidAddressParamMessage));
    const ReverseFacts facts = lookUpReverse(host_, *address);
    if (facts.transient) resp.transient();
    // Stamped after the lookups: when they were true.
    resp.json(writeReverseResponse(facts, ResponseStamp::now(host_)));
}

}  // namespace ipfacts::reverse

IPFACTS_PLUGIN(ipfacts::reverse::ReversePlugin, "reverse", "1.0.0",
               "Reverse DNS of an address with forward confirmation", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(ipfacts::reverse::ReversePlugin, lookup, 0));
