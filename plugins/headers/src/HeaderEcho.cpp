#include "HeaderEcho.h"

namespace ipfacts::headers {
namespace {

void writeHeaderList(JsonWriter& w, const Request& req, const HeaderCatalogue& catalogue) {
    w.beginArray();
    std::string lowerName;  // reused: one allocation per request at most
    for (size_t i = 0, n = req.headerCount(); i < n; ++i) {
        const auto [name, value] = req.headerAt(i);
        assignLowerCase(lowerName, name);
        const bool redacted = catalogue.isRedacted(name);
        w.beginObject()
            .field("name", lowerName)
            .field("value", redacted ? kRedactionMarker : value)
            .field("redacted", redacted)
            .field("explanation", catalogue.explain(name))
            .endObject();
    }
    w.endArray();
}

}  // namespace

std::string writeHeaderEcho(const Request& req, const HeaderCatalogue& catalogue, const ResponseStamp& stamp) {
    JsonWriter w;
    w.beginObject().key("headers");
    writeHeaderList(w, req, catalogue);
    w.field("method", req.method()).field("protocol", req.protocol()).field("tls", req.tls());
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::headers
