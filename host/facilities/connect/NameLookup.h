// NameLookup: the addresses of a host name, from the system resolver
// (getaddrinfo: /etc/hosts, then DNS — what the http facility's libcurl uses
// too), without blocking the caller. getaddrinfo has no asynchronous form
// that fits poll, so it runs on a short-lived helper thread of its own, as
// libcurl's threaded resolver does, and signals an eventfd the caller waits
// on through fiber::poll. A caller that gives up (its deadline passed) just
// drops the lookup: the helper finishes alone and frees what they shared.
#pragma once

#include "host/net/IpAddress.h"

#include <memory>
#include <string>
#include <vector>

namespace ipfacts::facilities::connect {

class NameLookup {
public:
    /// Starts resolving `name`. Throws std::system_error when no thread or
    /// eventfd can be had.
    explicit NameLookup(const std::string& name);

    /// Readable (POLLIN) once the lookup is done.
    int fd() const;
    /// True once the lookup is done; then addresses() and error() hold its outcome.
    bool done() const;
    /// Every address of the name, in the resolver's order, without repeats.
    std::vector<net::IpAddress> addresses() const;
    /// "cannot resolve the host name" when it has no address; empty otherwise.
    std::string error() const;

private:
    struct Shared;
    std::shared_ptr<Shared> shared_;
};

}  // namespace ipfacts::facilities::connect
