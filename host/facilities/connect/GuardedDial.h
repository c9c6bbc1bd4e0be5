// GuardedDial: from a host name or an IP literal and a port to a connected
// socket — the name's addresses from the system resolver (NameLookup) or the
// literal, then a guarded connect to the first one the guard accepts that
// answers (GuardedConnect). The first phase of every connect facility run
// (TLS probe, TCP exchange); like them it never waits itself.
#pragma once

#include "host/facilities/connect/GuardedConnect.h"
#include "host/facilities/connect/NameLookup.h"
#include "host/facilities/connect/UniqueFd.h"
#include "host/facilities/connect/Wait.h"

#include <memory>
#include <optional>
#include <string>

namespace ipfacts::facilities::connect {

class GuardedDial {
public:
    /// `target` is an IP literal or a host name the caller checked; `guard`
    /// must outlive the dial. Nothing happens before the first advance().
    GuardedDial(const guard::AddressGuard& guard, std::string target, uint16_t port);

    /// Starts (revents 0) or goes on after the wait it last asked for;
    /// Wait::none() once done: then connected() or error() says how. May
    /// throw std::system_error when no lookup thread can be had.
    Wait advance(short revents);

    bool connected() const { return connect_ && connect_->connected(); }
    UniqueFd takeSocket() { return connect_->takeSocket(); }
    std::string peerAddress() const { return connect_ ? connect_->peerAddress() : std::string(); }
    uint16_t port() const { return port_; }
    /// Why no connection was made: the lookup's or the connect's words.
    const std::string& error() const { return error_; }
    int attempts() const { return connect_ ? connect_->attempts() : 0; }

private:
    Wait connectTo(std::vector<net::IpAddress> addresses);

    const guard::AddressGuard& guard_;
    std::string target_;
    uint16_t port_;
    std::unique_ptr<NameLookup> lookup_;
    std::optional<GuardedConnect> connect_;
    std::string error_;
    bool done_ = false;
};

}  // namespace ipfacts::facilities::connect
