#include "LookupResponseWriter.h"

#include <ipfacts/loc_text.hpp>
#include <ipfacts/privacy.hpp>

namespace ipfacts::lookup {
namespace {

void writeClassification(JsonWriter& w, const std::optional<NetFacts>& facts) {
    w.key("classification");
    if (!facts) return void(w.null());
    w.beginObject().field("kind", facts->kind).field("rfc", facts->rfc);
    w.field("description", facts->description).field("routable", facts->routable).endObject();
}

void writeAddresses(JsonWriter& w, const std::vector<std::string>& addresses) {
    w.key("addresses").beginArray();
    for (const std::string& a : addresses) w.value(a);
    w.endArray();
}

void writeFacts(JsonWriter& w, const NetFacts& f) {
    // The IpReport's geolocation fields, in its order (added fields, as v1 allows).
    w.field("city", f.city).field("region", f.region).field("region_code", f.region_code);
    w.field("country", f.country).field("country_name", f.country_name).field("postal", f.postal);
    w.key("loc");
    if (f.latitude && f.longitude)
        w.value(locText(*f.latitude, *f.longitude));
    else
        w.null();
    w.field("timezone", f.timezone);
    w.field("isp", f.isp).key("asn");
    if (f.asn)
        w.integer(*f.asn);
    else
        w.null();
    w.field("as_name", f.as_name).field("as_domain", f.as_domain);
    w.field("rir", f.rir).field("connection_type", f.connection_type);
}

}  // namespace

std::string writeLookupResponse(const LookupReport& r) {
    static const NetFacts kNothingKnown;
    const NetFacts& f = r.facts ? *r.facts : kNothingKnown;
    JsonWriter w;
    w.beginObject().field("ip", r.ip).field("version", r.version).field("hostname", r.hostname);
    writeFacts(w, f);
    w.key("privacy");
    if (r.privacy)
        writePrivacy(w, *r.privacy);
    else
        w.null();
    // netdb always sets it; without a database nothing finer than a country is known.
    w.field("geo_accuracy", f.geo_accuracy.value_or(std::string(kCountryOnlyAccuracy)));
    writeClassification(w, r.facts);
    writeAddresses(w, r.addresses);
    r.reasons.writeTo(w);
    r.stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::lookup
