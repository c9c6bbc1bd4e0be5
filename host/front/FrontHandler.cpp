#include "host/front/FrontHandler.h"

#include "host/front/FrontDoor.h"
#include "host/pipeline/ErrorEnvelope.h"

namespace ipfacts::front {
namespace {

constexpr const char* kFrontOperation = R"json({
  "summary": "Your IP address, in the form your client wants",
  "description": "Content negotiation, as ifconfig.co does it. An Accept header naming text/plain, application/json or text/html (exactly, or text/*) decides by q-value (a tie goes to text/plain, then application/json); otherwise the User-Agent does: a command-line client (curl, Wget, HTTPie...: the manifest's front_door.cli_user_agents) gets the address and one newline exactly as /ip, a browser (a Mozilla/ User-Agent) an HTML page of the caller's facts and a guide to every endpoint, any other client the plain text. application/json is the IpReport, byte-for-byte as /json for the same request. Always sent with Vary: Accept, User-Agent. The page has no scripts and no external assets and is sent with a strict Content-Security-Policy; it never holds an API key. This short path has no version guarantee.",
  "operationId": "getFrontDoor",
  "tags": ["Connection"],
  "parameters": [{"name": "q", "in": "query", "required": false,
    "description": "The page's lookup form (a GET, no script): an IPv4 or IPv6 address or a public host name, answered with 303 to /{target}, the page or LookupResponse of that target. Surrounding spaces and a final dot are dropped. Anything else is 400 invalid_parameter.",
    "schema": {"type": "string", "maxLength": 253}, "examples": {"address": {"value": "8.8.8.8"}, "name": {"value": "example.com"}}}],
  "responses": {"200": {"description": "The address as text, the IpReport, or the HTML page", "content": {
    "text/plain": {"schema": {"type": "string", "description": "An IPv4 or IPv6 address, then \\n.", "examples": ["203.0.113.7\n"]}},
    "application/json": {"schema": {"$ref": "#/components/schemas/IpReport"}},
    "text/html": {"schema": {"type": "string"}}}},
    "303": {"description": "With q: the target's page, /{target}", "headers": {"Location": {"description": "/ and the target, percent-encoded", "schema": {"type": "string"}}},
      "content": {"text/plain": {"schema": {"type": "string"}}}},
    "400": {"description": "q is no address or public host name, or given twice (token invalid_parameter)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}}}
})json";

constexpr const char* kTargetOperation = R"json({
  "summary": "Facts about an address or host name: the page in a browser, JSON elsewhere",
  "description": "The short path of a lookup, as ipinfo's /8.8.8.8: /8.8.8.8, /2001:db8::1, /example.com. An Accept header that prefers text/html (a browser's navigation) gets an HTML page of the target: the lookup form, its classification, location, network owner, the addresses a name resolved to, the reasons for what is null, and links to its DNS, registration (RDAP), blocklist, TLS and mail answers. Every other client gets the LookupResponse, byte-for-byte as /api/v1/lookup/{target} for the same target and parameters. Always sent with Vary: Accept, User-Agent. The host matches this path only for an address literal or a public host name (LDH labels, at least two, the last a top-level domain of the Public Suffix List), so /favicon.ico, /robots.txt or /index.php are no endpoint (404 not_found, nothing metered as a lookup). A name is resolved through the service's resolver, as on /api/v1/lookup/{target}; an address needs no external call. This short path has no version guarantee.",
  "operationId": "getTarget",
  "tags": ["Lookup"],
  "parameters": [
    {"name": "target", "in": "path", "required": true,
     "description": "An IPv4 or IPv6 address (no zone index, no brackets) or a public host name.",
     "schema": {"anyOf": [{"type": "string", "format": "ipv4"}, {"type": "string", "format": "ipv6"}, {"type": "string", "format": "hostname"}]},
     "examples": {"ipv4": {"value": "8.8.8.8"}, "ipv6": {"value": "2001:db8::7"}, "name": {"value": "example.com"}}},
    {"name": "privacy", "in": "query", "required": false,
     "description": "1: add the privacy flags (as on /api/v1/lookup/{target}); spends the daily privacy meter.",
     "schema": {"type": "string", "enum": ["1"]}}],
  "responses": {"200": {"description": "The LookupResponse, or the HTML page for a browser", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/LookupResponse"}},
    "text/html": {"schema": {"type": "string"}}}},
    "400": {"description": "A target the lookup refuses (token invalid_target), or `privacy` not 1 (invalid_parameter)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}},
    "404": {"description": "name_not_found: the host name does not exist or has no address (in a browser, the page with the error's words)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}, "text/html": {"schema": {"type": "string"}}}},
    "503": {"description": "resolver_unavailable: the name could not be resolved now (in a browser, the page with the error's words)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}, "text/html": {"schema": {"type": "string"}}}}}
})json";

/// It answers with what ip.address and ip.report answer: both must be routed.
std::string needsIpRoutes(const manifest::Manifest& m) {
    bool text = false, json = false;
    for (const auto& rs : m.routes) {
        text = text || (rs.plugin == "ip" && rs.handler == "address");
        json = json || (rs.plugin == "ip" && rs.handler == "report");
    }
    return text && json ? "" : "answers with ip.address and ip.report: route both";
}

/// It answers with what lookup.lookup answers, through the front door.
std::string needsLookupRoute(const manifest::Manifest& m) {
    bool lookup = false, front = false;
    for (const auto& rs : m.routes) {
        lookup = lookup || (rs.plugin == "lookup" && rs.handler == "lookup");
        front = front || (rs.plugin == "host" && rs.handler == "front");
    }
    return lookup && front ? "" : "answers with lookup.lookup through the front door: route it and host.front";
}

}  // namespace

pipeline::HostHandlerDef targetHandler(const std::unique_ptr<FrontDoor>* door) {
    pipeline::HostHandlerDef d;
    d.name = "target";
    // On the loop: a repeat is answered from the response cache there; a
    // lookup to run defers to a worker (FrontDoor::serveTarget).
    d.operation = kTargetOperation;
    d.needs_plugin = "lookup";
    d.refusal = needsLookupRoute;
    if (door)
        d.serve = [door](pipeline::Exchange& ex) {
            if (*door) return (*door)->serveTarget(ex);
            pipeline::writeError(ex.response, 500, "internal_error", "the front door is not serving; see /readyz");
        };
    return d;
}

pipeline::HostHandlerDef frontHandler(const std::unique_ptr<FrontDoor>* door) {
    pipeline::HostHandlerDef d;
    d.name = "front";
    d.operation = kFrontOperation;
    d.needs_plugin = "ip";
    d.refusal = needsIpRoutes;
    if (door) d.serve = [door](pipeline::Exchange& ex) { (*door)->serve(ex); };
    return d;
}

}  // namespace ipfacts::front
