#include "host/server/CallerCounter.h"

#include <cstring>

namespace ipfacts::server {

CallerCounter::CallerCounter(unsigned per_address, unsigned ipv6_prefix, const std::vector<std::string>& exempt)
    : per_address_(per_address), ipv6_prefix_(ipv6_prefix) {
    for (const auto& e : exempt)
        if (auto r = net::CidrRange::parse(e)) exempt_.push_back(*r);
}

size_t CallerCounter::BlockHash::operator()(const Block& b) const noexcept {
    uint64_t h = 1469598103934665603ull;
    for (uint8_t x : b) h = (h ^ x) * 1099511628211ull;
    return static_cast<size_t>(h ^ (h >> 29));
}

bool CallerCounter::exempt(const net::IpAddress& peer) const {
    for (const auto& r : exempt_)
        if (r.contains(peer)) return true;
    return false;
}

CallerCounter::Block CallerCounter::blockOf(const net::IpAddress& peer) const {
    net::IpAddress a = peer.unmapped().callerBlock(ipv6_prefix_);
    Block b{};
    b[0] = a.isV4() ? 4 : 6;
    std::memcpy(b.data() + 1, a.bytes(), a.size());
    return b;
}

CallerCounter::Stripe& CallerCounter::stripeOf(const Block& b) { return stripes_[BlockHash()(b) % stripes_.size()]; }

bool CallerCounter::admit(const net::IpAddress& peer) {
    if (per_address_ == 0 || exempt(peer)) return true;
    Block b = blockOf(peer);
    Stripe& s = stripeOf(b);
    std::lock_guard<std::mutex> lock(s.mu);
    unsigned& n = s.open[b];
    if (n >= per_address_) return false;
    ++n;
    return true;
}

void CallerCounter::release(const net::IpAddress& peer) {
    if (per_address_ == 0 || exempt(peer)) return;
    Block b = blockOf(peer);
    Stripe& s = stripeOf(b);
    std::lock_guard<std::mutex> lock(s.mu);
    auto it = s.open.find(b);
    if (it == s.open.end()) return;
    if (--it->second == 0) s.open.erase(it);
}

}  // namespace ipfacts::server
