// FrontHandler: the front door `/` as the host handler host.front, declared
// once with its behaviour: on the event loop, answering through the ip
// plugin's routes ip.address and ip.report, which the manifest must route;
// and the short target path as host.target (FrontDoor::serveTarget).
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <memory>

namespace ipfacts::front {

class FrontDoor;

/// host.front, served by `*door` once the daemon has made it (null: declared
/// only, to check a manifest). The door is made after the pipeline holds the
/// routes it answers with, so the handler reads the pointer at each request.
pipeline::HostHandlerDef frontHandler(const std::unique_ptr<FrontDoor>* door);

/// host.target, the short target path /{target}, served by the same door:
/// from the response cache on the loop, else through lookup.lookup on a
/// worker; the manifest must route lookup.lookup beside host.front.
pipeline::HostHandlerDef targetHandler(const std::unique_ptr<FrontDoor>* door);

}  // namespace ipfacts::front
