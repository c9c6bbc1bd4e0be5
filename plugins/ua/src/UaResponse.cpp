#include "UaResponse.h"

#include <ipfacts/json.hpp>

namespace ipfacts::ua {
namespace {

void writeNameVersion(JsonWriter& w, std::string_view key, const NameVersion& nv) {
    w.key(key).beginObject();
    w.field("name", nv.name);
    w.field("version", nv.version);
    w.endObject();
}

}  // namespace

std::string uaResponseJson(std::string_view userAgent, const UaResult& result, const ResponseStamp& stamp) {
    JsonWriter w;
    w.beginObject();
    w.field("user_agent", userAgent);
    writeNameVersion(w, "browser", result.browser);
    writeNameVersion(w, "engine", result.engine);
    writeNameVersion(w, "os", result.os);
    w.field("device", deviceClassName(result.device));
    w.field("bot", result.bot);
    w.field("cli", result.cli);
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::ua
