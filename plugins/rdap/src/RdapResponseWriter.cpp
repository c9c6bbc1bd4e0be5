#include "RdapResponseWriter.h"

#include <ipfacts/json.hpp>

namespace ipfacts::rdap {

std::string writeRdapResponse(const RdapQuery& q, const LookupResult& r, const ResponseStamp& stamp) {
    JsonWriter w;
    w.beginObject().field("query", q.text).field("kind", kindName(q.kind));
    if (q.kind == QueryKind::Domain) w.field("unicode_query", q.unicodeName);
    w.key("summary").raw(r.summaryJson);
    w.key("raw").raw(r.rawJson);
    w.key("raw_registrar").raw(r.rawRegistrarJson);
    w.field("service", r.serviceUrl);
    w.field("cached", r.cached);
    return stamp.writeTo(w).endObject().take();
}

}  // namespace ipfacts::rdap
