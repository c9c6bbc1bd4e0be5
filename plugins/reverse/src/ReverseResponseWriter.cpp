#include "ReverseResponseWriter.h"

#include <ipfacts/json.hpp>

namespace ipfacts::reverse {

std::string writeReverseResponse(const ReverseFacts& facts, const ResponseStamp& stamp) {
    JsonWriter w;
    w.beginObject()
        .field("ip", facts.address.text())
        .field("version", facts.address.version)
        .field("arpa", facts.arpa)
        .key("hostnames")
        .beginArray();
    for (const std::string& name : facts.hostnames) w.value(name);
    w.endArray().field("forward_confirmed", facts.forwardConfirmed).key("forward_addresses").beginArray();
    for (const Address& address : facts.forwardAddresses) w.value(address.text());
    w.endArray();
    facts.reasons.writeTo(w);
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::reverse
