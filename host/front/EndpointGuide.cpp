#include "host/front/EndpointGuide.h"

#include "host/front/PageParts.h"
#include "host/openapi/OpenApiDocument.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

namespace ipfacts::front {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

/// The first of a parameter's `examples` (OpenAPI example objects), its
/// `example`, or "{name}" when it has neither.
std::string exampleOf(const Object::Ptr& p) {
    if (Object::Ptr ex = p->getObject("examples"); ex && ex->size() > 0) {
        Object::Ptr first = ex->getObject(ex->getNames().front());
        if (first && first->has("value")) return percentEncode(first->get("value").toString());
    }
    if (p->has("example")) return percentEncode(p->get("example").toString());
    return "{" + p->optValue<std::string>("name", "") + "}";
}

GuideEntry entryOf(const std::string& path, const Object::Ptr& op) {
    GuideEntry e{path, op->optValue<std::string>("summary", ""), path, "Other"};
    if (Array::Ptr tags = op->getArray("tags"); tags && tags->size() > 0) e.family = tags->getElement<std::string>(0);
    std::string query;
    if (Array::Ptr params = op->getArray("parameters"))
        for (size_t i = 0; i < params->size(); ++i) {
            Object::Ptr p = params->getObject(static_cast<unsigned>(i));
            if (!p || p->has("$ref")) continue;  // the host's shared parameters are optional
            const std::string in = p->optValue<std::string>("in", ""), name = p->optValue<std::string>("name", "");
            if (in == "path") {
                const std::string slot = "{" + name + "}";
                if (size_t at = e.example.find(slot); at != std::string::npos)
                    e.example.replace(at, slot.size(), exampleOf(p));
            } else if (in == "query" && p->optValue<bool>("required", false)) {
                query += (query.empty() ? "?" : "&") + name + "=" + exampleOf(p);
            }
        }
    e.example += query;
    return e;
}

}  // namespace

std::vector<GuideEntry> endpointGuide(const std::string& document) {
    const Object::Ptr doc = openapi::parseObject(document, "the OpenAPI document");
    std::vector<GuideEntry> out;
    Object::Ptr paths = doc->getObject("paths");
    if (!paths) return out;
    for (const auto& path : paths->getNames()) {
        Object::Ptr item = paths->getObject(path);
        if (Object::Ptr get = item ? item->getObject("get") : nullptr) out.push_back(entryOf(path, get));
    }
    return out;
}

}  // namespace ipfacts::front
