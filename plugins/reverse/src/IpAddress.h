// IpAddress: an IPv4 or IPv6 address as bytes, so addresses compare by
// value (2001:DB8::0010 equals 2001:db8::10) and print in one canonical form.
#ifndef IPFACTS_PLUGINS_REVERSE_IPADDRESS_H
#define IPFACTS_PLUGINS_REVERSE_IPADDRESS_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::reverse {

struct IpAddress {
    int version = 4;                  ///< 4 or 6
    std::array<uint8_t, 16> bytes{};  ///< network order; an IPv4 address uses the first 4

    /// 4 or 16.
    size_t size() const { return version == 4 ? 4 : 16; }
    /// Canonical text (inet_ntop): 192.0.2.1, 2001:db8::10.
    std::string text() const;
    /// Same version and same bytes.
    bool operator==(const IpAddress& other) const;
    bool operator!=(const IpAddress& other) const { return !(*this == other); }
};

/// Parses an IPv4 or IPv6 literal as inet_pton does: no zone index
/// ("%eth0"), no brackets, no prefix length, no trailing dot. Thread-safe.
std::optional<IpAddress> parseIpAddress(std::string_view text);

/// The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d);
/// any other address unchanged.
IpAddress unmapped(const IpAddress& address);

}  // namespace ipfacts::reverse

#endif
