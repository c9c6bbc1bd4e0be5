#include "IpReportWriter.h"

#include "LocText.h"

#include <cstdio>

namespace ipfacts::ip {
namespace {

// The accuracy label when the database gives none: nothing finer than a
// country is known, and SPEC 2.1 allows only the two labels.
constexpr const char* kFallbackAccuracy = "country-only";

void writeLoc(JsonWriter& w, const NetFacts& f) {
    w.key("loc");
    if (f.latitude && f.longitude) w.value(locText(*f.latitude, *f.longitude));
    else w.null();
}

void writeAsn(JsonWriter& w, const NetFacts& f) {
    w.key("asn");
    if (f.asn) w.integer(*f.asn);
    else w.null();
}

// Milliseconds with exactly 3 decimals: the kernel measures in microseconds,
// so that is all the precision there is.
void writeRtt(JsonWriter& w, int64_t rttUs) {
    w.key("rtt_ms");
    if (rttUs < 0) return void(w.null());
    char buf[32];
    int n = std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(rttUs) / 1000.0);
    w.raw(std::string_view(buf, static_cast<size_t>(n)));
}

void writeNetwork(JsonWriter& w, const ConnectionFacts& c) {
    w.key("network").beginObject().field("protocol", c.protocol).field("tls", c.tls);
    writeRtt(w, c.rttUs);
    w.field("edge", c.edge).endObject();
}

void writeLocation(JsonWriter& w, const NetFacts& f) {
    w.field("city", f.city).field("region", f.region).field("region_code", f.region_code);
    w.field("country", f.country).field("country_name", f.country_name).field("continent", f.continent);
    w.field("postal", f.postal);
    writeLoc(w, f);
    w.field("timezone", f.timezone).field("local_time", f.local_time);
}

void writeOwner(JsonWriter& w, const NetFacts& f) {
    w.field("isp", f.isp);
    writeAsn(w, f);
    w.field("as_name", f.as_name).field("as_domain", f.as_domain);
    w.field("rir", f.rir).field("connection_type", f.connection_type);
}

}  // namespace

std::string writeIpReport(const IpReport& r) {
    JsonWriter w;
    w.beginObject().field("ip", r.ip).field("version", r.version).field("hostname", r.hostname);
    writeLocation(w, r.facts);
    writeOwner(w, r.facts);
    // No privacy provider exists yet, so there is never anything to write.
    w.fieldNull("privacy");
    writeNetwork(w, r.network);
    w.field("user_agent", r.userAgent).field("accepts_language", r.acceptsLanguage);
    w.field("geo_accuracy", r.facts.geo_accuracy.value_or(kFallbackAccuracy));
    r.reasons.writeTo(w);
    w.field("checked_at", r.checkedAt).field("source", r.source).endObject();
    return w.take();
}

}  // namespace ipfacts::ip
