// ConnectionCounter: open connections per caller block (an IPv4 address, an
// IPv6 /64 by default), shared by every event loop, so one host cannot take
// all of the server's descriptors. Trusted proxies are not limited: every
// caller behind them shares their address.
#pragma once

#include "host/net/IpAddress.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace ipfacts::server {

class ConnectionCounter {
public:
    ConnectionCounter(unsigned per_address, unsigned ipv6_prefix, const std::vector<std::string>& exempt);

    /// Counts a new connection from `peer`; false (and nothing counted) when
    /// its block already has the limit open. Thread-safe.
    bool admit(const net::IpAddress& peer);
    /// Forgets a connection admit() counted. Thread-safe.
    void release(const net::IpAddress& peer);

private:
    using Block = std::array<uint8_t, 17>;
    struct BlockHash {
        size_t operator()(const Block& b) const noexcept;
    };
    struct Stripe {
        std::mutex mu;
        std::unordered_map<Block, unsigned, BlockHash> open;
    };
    bool exempt(const net::IpAddress& peer) const;
    Block blockOf(const net::IpAddress& peer) const;
    Stripe& stripeOf(const Block& b);

    unsigned per_address_;
    unsigned ipv6_prefix_;
    std::vector<net::CidrRange> exempt_;
    std::array<Stripe, 16> stripes_;
};

}  // namespace ipfacts::server
