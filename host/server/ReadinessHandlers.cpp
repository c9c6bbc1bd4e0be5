#include "host/server/ReadinessHandlers.h"

#include "host/server/Readiness.h"

namespace ipfacts::server {
namespace {

constexpr const char* kHealthOperation = R"({
  "operations": {
    "healthz": {
      "summary": "Liveness: the process answers",
      "description": "200 and the text ok whenever an event loop can answer; for a load balancer or an orchestrator. Unmetered; not in the access log unless the route says access_log: true.",
      "operationId": "getHealthz",
      "tags": ["Service"],
      "responses": {"200": {"description": "The process answers", "content": {"text/plain": {"schema": {"type": "string", "const": "ok\n"}}}}}
    },
    "readyz": {
      "summary": "Readiness: whether this node should get traffic",
      "description": "200 when this node can serve its public API: every plugin of the manifest loaded and every route is served, address data is loaded (when netdb is configured), the live keys are loaded, and the node is not shutting down; 503 otherwise, with each check and why. A check with decides false is shown but does not make the node unready: the store (whether it answers a read), since keys and limits are held in memory and every node shares the store. An upstream that fails does not make a node unready either (every node shares it; the status page reports it). Unmetered; not in the access log unless the route says access_log: true.",
      "operationId": "getReadyz",
      "tags": ["Service"],
      "responses": {
        "200": {"description": "Ready", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}},
        "503": {"description": "Not ready", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}}
      }
    }
  },
  "schemas": {
    "Readiness": {
      "type": "object",
      "required": ["ready", "checks"],
      "additionalProperties": false,
      "properties": {
        "ready": {"type": "boolean"},
        "checks": {"type": "array", "items": {"type": "object", "required": ["name", "ok", "detail"], "additionalProperties": false,
          "properties": {"name": {"type": "string", "enum": ["plugins", "routes", @facility_checks@"keys", "serving"]}, "ok": {"type": "boolean"}, "decides": {"type": "boolean", "description": "false: shown, but the node is ready whatever it says"}, "detail": {"type": "string"}}}}
      }
    }
  }
})";

/// The operations' fragment, the facilities' checks among the names a check may have.
std::string healthOperation(const std::vector<std::string>& facility_checks) {
    std::string names;
    for (const auto& n : facility_checks) names += "\"" + n + "\", ";
    std::string text = kHealthOperation;
    const std::string slot = "@facility_checks@";
    return text.replace(text.find(slot), slot.size(), names);
}

}  // namespace

std::vector<pipeline::HostHandlerDef> readinessHandlers(const std::unique_ptr<Readiness>* readiness,
                                                        const std::vector<std::string>& facility_checks) {
    pipeline::HostHandlerDef health;
    health.name = "healthz";
    health.access_log = false;
    health.fragment = healthOperation(facility_checks);
    health.serve = Readiness::serveHealth;
    pipeline::HostHandlerDef ready;
    ready.name = "readyz";
    ready.nonblocking = false;  // reads the store
    ready.access_log = false;
    ready.fragment = health.fragment;
    if (readiness) ready.serve = [readiness](pipeline::Exchange& ex) { (*readiness)->serveReady(ex); };
    return {std::move(health), std::move(ready)};
}

}  // namespace ipfacts::server
