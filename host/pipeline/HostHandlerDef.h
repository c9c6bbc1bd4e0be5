// HostHandlerDef: one handler the host serves itself (a route's
// `handler: host.<name>`), declared once beside the code that serves it
// (host/openapi, host/status, host/front, host/account, host/server) with its
// behaviour as data. The daemon binds routes to them by name and refuses, with
// the route's file:line, a name no part declares or a manifest that cannot serve it.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/pipeline/Exchange.h"

#include <functional>
#include <string>

namespace ipfacts::pipeline {

struct HostHandlerDef {
    /// The name a route gives after "host." ("status_page").
    std::string name;
    /// Answers from what is in memory, on the event loop; false: it reads or
    /// writes the store or runs a probe round, on a worker.
    bool nonblocking = true;
    /// It takes form POSTs (the account pages); every other route is GET/HEAD/OPTIONS.
    bool accepts_post = false;
    /// Its routes' access_log unless the route says otherwise (a load
    /// balancer's probes every few seconds would drown the requests).
    bool access_log = true;
    /// Its OpenAPI operation object, when documented alone, or
    std::string operation;
    /// the OpenAPI fragment that documents it with its siblings.
    std::string fragment;
    /// A plugin it answers through (the front door runs ip's routes): when
    /// that plugin did not load, its routes are skipped, as a plugin's are.
    std::string needs_plugin;
    /// Why manifest `m` cannot route it ("needs a status: section"), or ""
    /// when it can. Unset: it always can.
    std::function<std::string(const manifest::Manifest& m)> refusal;
    /// Serves a request; an empty function in a declaration made without its
    /// service (for checking a manifest).
    std::function<void(Exchange&)> serve;
};

}  // namespace ipfacts::pipeline
