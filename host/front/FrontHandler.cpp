#include "host/front/FrontHandler.h"

#include "host/front/FrontDoor.h"

namespace ipfacts::front {
namespace {

constexpr const char* kFrontOperation = R"({
  "summary": "Your IP address, in the form your client wants",
  "description": "Content negotiation, as ifconfig.co does it. An Accept header naming text/plain, application/json or text/html (exactly, or text/*) decides by q-value (a tie goes to text/plain, then application/json); otherwise the User-Agent does: a command-line client (curl, Wget, HTTPie...: the manifest's front_door.cli_user_agents) gets the address and one newline exactly as /ip, a browser (a Mozilla/ User-Agent) an HTML page of the caller's facts and a guide to every endpoint, any other client the plain text. application/json is the IpReport, byte-for-byte as /json for the same request. Always sent with Vary: Accept, User-Agent. The page has no scripts and no external assets and is sent with a strict Content-Security-Policy; it never holds an API key. This short path has no version guarantee.",
  "operationId": "getFrontDoor",
  "tags": ["Connection"],
  "responses": {"200": {"description": "The address as text, the IpReport, or the HTML page", "content": {
    "text/plain": {"schema": {"type": "string", "description": "An IPv4 or IPv6 address, then \\n.", "examples": ["203.0.113.7\n"]}},
    "application/json": {"schema": {"$ref": "#/components/schemas/IpReport"}},
    "text/html": {"schema": {"type": "string"}}}}}
})";

/// It answers with what ip.address and ip.report answer: both must be routed.
std::string needsIpRoutes(const manifest::Manifest& m) {
    bool text = false, json = false;
    for (const auto& rs : m.routes) {
        text = text || (rs.plugin == "ip" && rs.handler == "address");
        json = json || (rs.plugin == "ip" && rs.handler == "report");
    }
    return text && json ? "" : "answers with ip.address and ip.report: route both";
}

}  // namespace

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
