// Listener: the listening sockets of the event loops. Every loop binds its
// own socket to each listen address with SO_REUSEPORT, so the kernel spreads
// connections across loops; that same option would let a second ipfactsd
// started on the port by mistake bind it silently and take half the traffic,
// so the daemon first checks that nobody else holds the address.
#pragma once

#include "host/manifest/Manifest.h"

namespace ipfacts::server {

/// Throws std::runtime_error("cannot listen on <addr>: ...") when another
/// process (another ipfactsd, or anything else) already listens on `addr`.
/// Port 0 (any free port) is never held. Call before the loops bind.
void refuseIfHeld(const manifest::ListenAddress& addr);

/// A non-blocking socket listening on `addr` with SO_REUSEPORT (and v6-only
/// for IPv6). OWNERSHIP: the caller closes it. Throws std::runtime_error
/// ("cannot listen on <addr>: <why>") when it cannot.
int bindListener(const manifest::ListenAddress& addr);

}  // namespace ipfacts::server
