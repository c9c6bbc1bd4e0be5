#include "host/net/IpAddress.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstring>

namespace ipfacts::net {

namespace {

/// Dotted-quad IPv4 exactly as glibc's inet_pton(AF_INET) reads it (four
/// decimal parts of 0-255, no leading zeros, nothing else), without copying
/// the text to terminate it: every request from a proxy names its caller
/// this way. False for anything else, which the caller then gives to
/// inet_pton itself, so no text reads differently.
bool parseDottedQuad(std::string_view text, uint8_t* out) {
    unsigned parts = 0, value = 0;
    bool digit = false;
    for (char c : text) {
        if (c >= '0' && c <= '9') {
            if (digit && value == 0) return false;  // a leading zero
            value = value * 10 + static_cast<unsigned>(c - '0');
            if (value > 255) return false;
            digit = true;
        } else if (c == '.' && digit && parts < 3) {
            out[parts++] = static_cast<uint8_t>(value);
            value = 0, digit = false;
        } else {
            return false;
        }
    }
    if (!digit || parts != 3) return false;
    out[3] = static_cast<uint8_t>(value);
    return true;
}

}  // namespace

std::optional<IpAddress> IpAddress::parse(std::string_view text) {
    if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
    if (text.empty() || text.size() > 45) return std::nullopt;
    IpAddress fast;
    if (parseDottedQuad(text, fast.bytes_.data())) return fast;  // v4_ is true by default
    char buf[46];
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    IpAddress a;
    if (inet_pton(AF_INET, buf, a.bytes_.data()) == 1) {
        a.v4_ = true;
        return a;
    }
    if (inet_pton(AF_INET6, buf, a.bytes_.data()) == 1) {
        a.v4_ = false;
        return a;
    }
    return std::nullopt;
}

std::optional<IpAddress> IpAddress::fromSockaddr(const sockaddr* sa) {
    IpAddress a;
    if (sa->sa_family == AF_INET) {
        std::memcpy(a.bytes_.data(), &reinterpret_cast<const sockaddr_in*>(sa)->sin_addr, 4);
        return a;
    }
    if (sa->sa_family == AF_INET6) {
        const auto* in6 = &reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(in6)) {
            std::memcpy(a.bytes_.data(), in6->s6_addr + 12, 4);
            return a;
        }
        a.v4_ = false;
        std::memcpy(a.bytes_.data(), in6->s6_addr, 16);
        return a;
    }
    return std::nullopt;
}

std::string IpAddress::toString() const {
    char buf[INET6_ADDRSTRLEN];
    if (v4_) {
        // Written by hand: glibc's inet_ntop formats IPv4 through sprintf, and
        // every request names its caller's address at least once.
        char* p = buf;
        for (size_t i = 0; i < 4; ++i) {
            if (i) *p++ = '.';
            const unsigned o = bytes_[i];
            if (o >= 100) *p++ = static_cast<char>('0' + o / 100);
            if (o >= 10) *p++ = static_cast<char>('0' + o / 10 % 10);
            *p++ = static_cast<char>('0' + o % 10);
        }
        return std::string(buf, static_cast<size_t>(p - buf));
    }
    inet_ntop(AF_INET6, bytes_.data(), buf, sizeof buf);
    return buf;
}

IpAddress IpAddress::unmapped() const {
    static constexpr uint8_t kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (v4_ || std::memcmp(bytes_.data(), kMapped, 12) != 0) return *this;
    IpAddress a;
    std::memcpy(a.bytes_.data(), bytes_.data() + 12, 4);
    return a;
}

IpAddress IpAddress::callerBlock(unsigned ipv6_prefix) const {
    if (v4_ || ipv6_prefix >= 128) return *this;
    IpAddress a = *this;
    unsigned full = ipv6_prefix / 8, rest = ipv6_prefix % 8;
    if (rest) a.bytes_[full] &= static_cast<uint8_t>(0xFF << (8 - rest)), ++full;
    for (unsigned i = full; i < 16; ++i) a.bytes_[i] = 0;
    return a;
}

std::optional<CidrRange> CidrRange::parse(std::string_view text) {
    size_t slash = text.find('/');
    auto base = IpAddress::parse(text.substr(0, slash));
    if (!base) return std::nullopt;
    unsigned max = base->isV4() ? 32 : 128;
    unsigned prefix = max;
    if (slash != std::string_view::npos) {
        std::string_view p = text.substr(slash + 1);
        if (p.empty() || p.size() > 3) return std::nullopt;
        prefix = 0;
        for (char c : p) {
            if (c < '0' || c > '9') return std::nullopt;
            prefix = prefix * 10 + static_cast<unsigned>(c - '0');
        }
        if (prefix > max) return std::nullopt;
    }
    CidrRange r;
    r.base_ = *base;
    r.prefix_ = prefix;
    if (!base->isV4() && prefix >= 96 && base->unmapped().isV4()) {
        r.base_ = base->unmapped();
        r.prefix_ = prefix - 96;
    }
    return r;
}

bool CidrRange::contains(const IpAddress& addr) const {
    // A mapped address is judged by the IPv4 address it carries; an IPv6
    // block is matched against the address as written.
    const IpAddress a = base_.isV4() ? addr.unmapped() : addr;
    if (a.isV4() != base_.isV4()) return false;
    unsigned full = prefix_ / 8, rest = prefix_ % 8;
    if (std::memcmp(a.bytes(), base_.bytes(), full) != 0) return false;
    if (rest == 0) return true;
    uint8_t mask = static_cast<uint8_t>(0xFF << (8 - rest));
    return (a.bytes()[full] & mask) == (base_.bytes()[full] & mask);
}

}  // namespace ipfacts::net
