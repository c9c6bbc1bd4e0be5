#include "host/openapi/RouteContract.h"

#include "host/openapi/OpenApiDocument.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <algorithm>

namespace ipfacts::openapi {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

/// `o` itself, or what its "$ref" (a local "#/a/b" pointer) names.
Object::Ptr follow(const Object::Ptr& doc, Object::Ptr o) {
    for (int hops = 0; o && o->has("$ref") && hops < 8; ++hops) {
        const std::string ref = o->getValue<std::string>("$ref");
        if (ref.rfind("#/", 0) != 0) return nullptr;
        Object::Ptr at = doc;
        size_t i = 2;
        while (at && i <= ref.size()) {
            const size_t slash = ref.find('/', i);
            const std::string part = ref.substr(i, slash == std::string::npos ? std::string::npos : slash - i);
            at = at->getObject(part);
            if (slash == std::string::npos) break;
            i = slash + 1;
        }
        o = at;
    }
    return o;
}

/// Property names of an object schema, its allOf parts included.
void collectProperties(const Object::Ptr& doc, Object::Ptr schema, std::vector<std::string>& out) {
    schema = follow(doc, schema);
    if (!schema) return;
    if (Object::Ptr props = schema->getObject("properties"))
        for (const auto& name : props->getNames()) out.push_back(name);
    if (Array::Ptr all = schema->getArray("allOf"))
        for (size_t i = 0; i < all->size(); ++i) collectProperties(doc, all->getObject(static_cast<unsigned>(i)), out);
}

/// A schema that takes only values of `formats`: one of them, or a choice of such schemas.
bool takesOnlyFormats(const Object::Ptr& doc, Object::Ptr schema, const std::vector<std::string>& formats) {
    schema = follow(doc, schema);
    if (!schema) return false;
    const std::string format = schema->optValue<std::string>("format", "");
    if (std::find(formats.begin(), formats.end(), format) != formats.end()) return true;
    for (const char* choice : {"anyOf", "oneOf"})
        if (Array::Ptr options = schema->getArray(choice); options && options->size() > 0) {
            for (size_t i = 0; i < options->size(); ++i)
                if (!takesOnlyFormats(doc, options->getObject(static_cast<unsigned>(i)), formats)) return false;
            return true;
        }
    return false;
}

bool takesOnlyAddresses(const Object::Ptr& doc, const Object::Ptr& schema) {
    return takesOnlyFormats(doc, schema, {"ipv4", "ipv6"});
}

bool takesOnlyTargets(const Object::Ptr& doc, const Object::Ptr& schema) {
    return takesOnlyFormats(doc, schema, {"ipv4", "ipv6", "hostname"});
}

RouteContract contractOf(const Object::Ptr& doc, const Object::Ptr& op) {
    RouteContract c;
    if (Array::Ptr params = op->getArray("parameters"))
        for (size_t i = 0; i < params->size(); ++i) {
            Object::Ptr p = follow(doc, params->getObject(static_cast<unsigned>(i)));
            if (!p) continue;
            const std::string in = p->optValue<std::string>("in", "");
            if (in == "query")
                c.query_params.push_back(p->getValue<std::string>("name"));
            else if (in == "path" && takesOnlyAddresses(doc, p->getObject("schema")))
                c.address_params.push_back(p->getValue<std::string>("name"));
            else if (in == "path" && takesOnlyTargets(doc, p->getObject("schema")))
                c.target_params.push_back(p->getValue<std::string>("name"));
        }
    Object::Ptr responses = op->getObject("responses");
    Object::Ptr ok = responses ? follow(doc, responses->getObject("200")) : nullptr;
    Object::Ptr content = ok ? ok->getObject("content") : nullptr;
    Object::Ptr json = content ? content->getObject("application/json") : nullptr;
    if (!json) return c;
    c.answers_json = true;
    collectProperties(doc, json->getObject("schema"), c.fields);
    return c;
}

}  // namespace

std::map<std::string, RouteContract> routeContracts(const std::string& document) {
    const Object::Ptr doc = parseObject(document, "the OpenAPI document");
    std::map<std::string, RouteContract> out;
    Object::Ptr paths = doc->getObject("paths");
    if (!paths) return out;
    for (const auto& path : paths->getNames()) {
        Object::Ptr item = paths->getObject(path);
        Object::Ptr get = item ? item->getObject("get") : nullptr;
        if (get) out[path] = contractOf(doc, get);
    }
    return out;
}

}  // namespace ipfacts::openapi
