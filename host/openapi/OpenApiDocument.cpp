#include "host/openapi/OpenApiDocument.h"

#include "host/pipeline/ResponseCache.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <set>
#include <sstream>
#include <stdexcept>

namespace ipfacts {
extern const char kOpenApiComponents[];
}

namespace ipfacts::openapi {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

Object::Ptr refTo(const std::string& target) {
    Object::Ptr o = new Object(true);
    o->set("$ref", target);
    return o;
}

std::vector<std::string> pathParams(const std::string& path) {
    std::vector<std::string> out;
    size_t i = 0;
    while ((i = path.find('{', i)) != std::string::npos) {
        size_t j = path.find('}', i);
        out.push_back(path.substr(i + 1, j - i - 1));
        i = j;
    }
    return out;
}

/// The 200 answer's JSON schema of `op`, or null when it answers no JSON.
Object::Ptr jsonAnswerSchema(const Object::Ptr& op) {
    Object::Ptr responses = op->getObject("responses");
    Object::Ptr ok = responses ? responses->getObject("200") : nullptr;
    Object::Ptr content = ok ? ok->getObject("content") : nullptr;
    Object::Ptr json = content ? content->getObject("application/json") : nullptr;
    return json ? json->getObject("schema") : nullptr;
}

/// The query parameters the host itself reads (docs/api.md, "Query parameters"):
/// `_` everywhere; `pretty` where the answer is JSON, `fields` where it is
/// a JSON object with named members. The pipeline accepts what the
/// document declares (RouteContract), so these declarations are the rule.
void addHostParameters(const Object::Ptr& op, Array::Ptr params) {
    auto add = [&params](const char* name) { params->add(refTo(std::string("#/components/parameters/") + name)); };
    if (Object::Ptr schema = jsonAnswerSchema(op)) {
        add("Pretty");
        if (schema->has("$ref") || schema->has("properties")) add("Fields");
    }
    add("CacheBuster");
}

/// The Cache-Control the host writes on the route's answers: the route's own,
/// or a shorter one when the plugin marked the answer transient.
Object::Ptr cacheControlHeader(const manifest::RouteSpec& route, const manifest::Manifest& m) {
    const std::string transient =
        pipeline::ResponseCache::transientCacheControl(route.cache_control, m.transient_max_age_s);
    Object::Ptr cc = new Object(true);
    Object::Ptr schema = new Object(true);
    schema->set("type", "string");
    if (transient == route.cache_control) {
        cc->set("description", "Always `" + route.cache_control + "` on this path.");
        schema->set("const", route.cache_control);
    } else {
        cc->set("description", "`" + route.cache_control + "` on this path; `" + transient +
                                   "` when the answer holds a failed or timed-out part (a resolver, registry or "
                                   "server that did not answer), which no cache should keep longer.");
        Array::Ptr values = new Array();
        values->add(route.cache_control);
        values->add(transient);
        schema->set("enum", values);
    }
    cc->set("schema", schema);
    return cc;
}

/// Adds the shared error responses and the quota headers the host writes.
void decorate(Object::Ptr op, const manifest::RouteSpec& route, const manifest::Manifest& m) {
    Object::Ptr responses = op->getObject("responses");
    if (!responses) {
        responses = new Object(true);
        op->set("responses", responses);
    }
    const std::pair<const char*, const char*> shared[] = {
        {"400", "BadRequest"}, {"401", "Unauthorized"}, {"404", "NotFound"},      {"405", "MethodNotAllowed"},
        {"413", "TooLarge"},   {"429", "RateLimited"},  {"500", "InternalError"}, {"503", "Overloaded"}};
    for (const auto& [code, name] : shared)
        if (!responses->has(code)) responses->set(code, refTo(std::string("#/components/responses/") + name));

    const auto& rc = m.rate_classes.at(route.rate_class);
    for (const auto& name : responses->getNames()) {
        if (name.empty() || name[0] != '2') continue;
        Object::Ptr resp = responses->getObject(name);
        if (!resp || resp->has("$ref")) continue;
        Object::Ptr headers = resp->getObject("headers");
        if (!headers) {
            headers = new Object(true);
            resp->set("headers", headers);
        }
        headers->set("X-RateLimit-Policy", refTo("#/components/headers/X-RateLimit-Policy"));
        if (rc.metered)
            for (const char* h :
                 {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit-Policy", "RateLimit"})
                headers->set(h, refTo(std::string("#/components/headers/") + h));
        headers->set("Cache-Control", cacheControlHeader(route, m));
        if (pipeline::ResponseCache::lifetimeOf(route, route.plugin == "host") > 0)
            for (const char* h : {"Age", "X-Cache"}) headers->set(h, refTo(std::string("#/components/headers/") + h));
    }

    // Every {name} in the path needs a parameter; add a plain one if the fragment has none.
    Array::Ptr params = op->getArray("parameters");
    if (!params) {
        params = new Array();
        op->set("parameters", params);
    }
    std::set<std::string> declared;
    for (size_t i = 0; i < params->size(); ++i) {
        auto p = params->getObject(static_cast<unsigned>(i));
        if (p && p->optValue<std::string>("in", "") == "path") declared.insert(p->optValue<std::string>("name", ""));
    }
    for (const auto& name : pathParams(route.path)) {
        if (declared.count(name)) continue;
        Object::Ptr p = new Object(true);
        p->set("name", name);
        p->set("in", "path");
        p->set("required", true);
        Object::Ptr s = new Object(true);
        s->set("type", "string");
        p->set("schema", s);
        params->add(p);
    }
    addHostParameters(op, params);
    op->set("x-rate-class", route.rate_class);
}

}  // namespace

Object::Ptr parseObject(const std::string& text, const std::string& what) {
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        auto v = parser.parse(text);
        auto o = v.extract<Object::Ptr>();
        if (!o) throw std::runtime_error("not an object");
        return o;
    } catch (const Poco::Exception& e) {
        throw std::runtime_error(what + " is not valid JSON: " + e.displayText());
    } catch (const std::exception& e) {
        throw std::runtime_error(what + " is not valid JSON: " + e.what());
    }
}

std::string buildDocument(const manifest::Manifest& m, const std::vector<RoutedOperation>& ops) {
    Object::Ptr doc = new Object(true);
    doc->set("openapi", "3.1.0");
    Object::Ptr info = new Object(true);
    info->set("title", "ipfacts");
    info->set("version", "1.0.0");
    info->set("description",
              "Facts about the caller's connection and about targets it names. Keyless; an optional API key "
              "(Authorization: Bearer, or key=) only raises quotas. CORS is open on every endpoint.");
    doc->set("info", info);
    Array::Ptr servers = new Array();
    Object::Ptr server = new Object(true);
    server->set("url", m.service_url);  // the address clients call (service.url)
    servers->add(server);
    doc->set("servers", servers);
    Array::Ptr security = new Array();
    security->add(Object::Ptr(new Object(true)));
    for (const char* s : {"bearerKey", "queryKey"}) {
        Object::Ptr req = new Object(true);
        req->set(s, Array::Ptr(new Array()));
        security->add(req);
    }
    doc->set("security", security);

    Object::Ptr components = parseObject(kOpenApiComponents, "host/openapi/components.json");
    Object::Ptr schemas = components->getObject("schemas");
    Object::Ptr paths = new Object(true);
    std::set<std::string> operation_ids, merged_schemas;  // merged: fragment texts

    for (const auto& ro : ops) {
        const auto& route = ro.route;
        Object::Ptr op;
        if (!ro.host_operation.empty()) {
            op = parseObject(ro.host_operation, "host operation for " + route.path);
        } else {
            // Re-parse per route so two paths of one handler hold separate objects.
            Object::Ptr frag = parseObject(ro.fragment, "OpenAPI fragment of plugin " + route.plugin);
            Object::Ptr operations = frag->getObject("operations");
            if (!operations || !operations->getObject(route.handler))
                throw std::runtime_error("OpenAPI fragment of plugin " + route.plugin + " has no operation '" +
                                         route.handler + "'");
            op = operations->getObject(route.handler);
            // Once per fragment: the host has several (status, health), a plugin one.
            if (Object::Ptr fs = frag->getObject("schemas"); fs && merged_schemas.insert(ro.fragment).second)
                for (const auto& name : fs->getNames()) schemas->set(name, fs->get(name));
        }
        std::string id = op->optValue<std::string>("operationId", route.plugin + "_" + route.handler);
        while (operation_ids.count(id)) id += "_alias";
        operation_ids.insert(id);
        op->set("operationId", id);
        decorate(op, route, m);
        Object::Ptr item = new Object(true);
        item->set("get", op);
        // A host page with a form (the account pages) describes its POST as "<handler>.post".
        if (!ro.fragment.empty()) {
            Object::Ptr frag = parseObject(ro.fragment, "OpenAPI fragment of " + route.plugin);
            if (Object::Ptr post = frag->getObject("operations")->getObject(route.handler + ".post")) {
                decorate(post, route, m);
                item->set("post", post);
            }
        }
        paths->set(route.path, item);
    }
    doc->set("paths", paths);
    doc->set("components", components);

    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(doc, out, 0, -1, Poco::JSON_PRESERVE_KEY_ORDER | Poco::JSON_WRAP_STRINGS);
    return out.str();
}

}  // namespace ipfacts::openapi
