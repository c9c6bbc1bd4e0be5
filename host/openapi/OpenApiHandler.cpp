#include "host/openapi/OpenApiHandler.h"

namespace ipfacts::openapi {
namespace {

constexpr const char* kOpenApiOperation = R"({
  "summary": "This API's OpenAPI 3.1 description",
  "description": "Assembled at start from the loaded plugins: a plugin removed from the manifest takes its paths with it.",
  "operationId": "getOpenApi",
  "tags": ["Service"],
  "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}}}}
})";

}  // namespace

pipeline::HostHandlerDef openApiHandler(const std::string* document) {
    pipeline::HostHandlerDef d;
    d.name = "openapi";
    d.operation = kOpenApiOperation;
    if (document)
        d.serve = [document](pipeline::Exchange& ex) {
            ex.response.status = 200;
            ex.response.content_type = "application/json";
            ex.response.body = *document;
        };
    return d;
}

}  // namespace ipfacts::openapi
