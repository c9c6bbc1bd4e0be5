// GuardedConnect: a non-blocking TCP connect to the first of some candidate
// addresses that the address guard accepts and that answers. The guard judges
// each socket address before any socket exists for it, and judges the peer
// the kernel reports (getpeername) once connected: what is checked is what
// the connection reaches. Candidates are tried one after another, within the
// caller's deadline (the caller does the waiting: see Wait).
#pragma once

#include "host/facilities/connect/UniqueFd.h"
#include "host/facilities/connect/Wait.h"
#include "host/facilities/guard/AddressGuard.h"
#include "host/net/IpAddress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::connect {

class GuardedConnect {
public:
    /// `guard` must outlive this object.
    GuardedConnect(const guard::AddressGuard& guard, std::vector<net::IpAddress> candidates, uint16_t port);

    /// Starts, or goes on after the wait it last asked for (`revents` from
    /// poll; 0 to start). Returns what to wait on next, or Wait::none() when
    /// finished: then connected() or error() says how.
    Wait advance(short revents);

    bool connected() const { return static_cast<bool>(socket_); }
    /// The connected socket (non-blocking, close-on-exec); empty once taken.
    UniqueFd takeSocket() { return std::move(socket_); }
    /// The peer as the guard judged it ("192.0.2.1", "::ffff:192.0.2.1").
    const std::string& peerAddress() const { return peer_address_; }
    uint16_t port() const { return port_; }
    /// Why no connection was made: the last connect failure ("connection
    /// refused") when any connect was attempted, else the guard's first
    /// refusal ("refused: 10.0.0.1 is private (RFC 1918)").
    const std::string& error() const { return error_; }
    /// connect() calls made so far.
    int attempts() const { return attempts_; }

private:
    Wait tryNext();
    Wait finishPending();
    void fail(int err);
    bool peerPasses();

    const guard::AddressGuard& guard_;
    std::vector<net::IpAddress> candidates_;
    uint16_t port_;
    size_t next_ = 0;
    UniqueFd socket_;
    UniqueFd pending_;  // a connect in progress
    std::string peer_address_;
    std::string refusal_;
    std::string failure_;
    std::string error_;
    int attempts_ = 0;
};

}  // namespace ipfacts::facilities::connect
