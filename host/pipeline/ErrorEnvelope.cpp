#include "host/pipeline/ErrorEnvelope.h"

#include <ipfacts/json.hpp>

namespace ipfacts::pipeline {

void writeError(HttpResponse& resp, int status, std::string_view token, std::string_view message) {
    JsonWriter w;
    w.beginObject().field("error", token).field("message", message).field("status", status).endObject();
    resp.status = status;
    resp.content_type = "application/json";
    resp.body = w.take();
}

}  // namespace ipfacts::pipeline
