// CallerCounter: things a caller block (an IPv4 address, an IPv6 /64 by
// default) holds at once, shared by every event loop. Two are kept: open
// connections, so one host cannot take all of the server's descriptors
// (trusted proxies exempt: every caller behind them shares their address),
// and requests on workers, so one caller cannot take every fiber waiting on
// upstreams (counted per forwarded caller, which is already a block).
#pragma once

#include "host/net/IpAddress.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace ipfacts::server {

class CallerCounter {
public:
    CallerCounter(unsigned per_address, unsigned ipv6_prefix, const std::vector<std::string>& exempt);

    /// Counts one more for `peer`'s block; false (and nothing counted) when
    /// its block already holds the limit. A limit of 0 admits everything. Thread-safe.
    bool admit(const net::IpAddress& peer);
    /// Forgets one admit() counted. Thread-safe.
    void release(const net::IpAddress& peer);
    unsigned limit() const { return per_address_; }

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
