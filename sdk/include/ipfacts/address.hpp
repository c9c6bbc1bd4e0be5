// ipfacts::Address — an IPv4 or IPv6 address literal as bytes: strict
// parsing, one canonical text, comparison by value, IPv4-mapped unmapping
// and the reverse-DNS (arpa) name. Header-only, C++17, POSIX <arpa/inet.h>;
// needs no library beyond libc.
//
//   std::optional<ipfacts::Address> a = ipfacts::parseAddress("::FFFF:192.0.2.1");
//   a->text();                                   // "::ffff:192.0.2.1"
//   ipfacts::arpaName(ipfacts::unmapped(*a));    // "1.2.0.192.in-addr.arpa"
//
// Every function here is pure: no shared state, no I/O, no locale; all of
// them may be called from any number of handler threads at once.
#ifndef IPFACTS_ADDRESS_HPP
#define IPFACTS_ADDRESS_HPP

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts {

/// The longest text parseAddress looks at: an IPv4-mapped IPv6 address in
/// full ("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255") is 45 bytes.
/// Longer input is refused before it is copied, so a huge parameter costs nothing.
inline constexpr size_t kMaxAddressLiteralBytes = INET6_ADDRSTRLEN - 1;

/// An IPv4 or IPv6 address. A plain value: copy it freely; it owns nothing
/// beyond its own bytes. Thread-safety: as any value type (concurrent reads
/// are safe).
struct Address {
    int version = 4;                  ///< 4 or 6
    std::array<uint8_t, 16> bytes{};  ///< network order; an IPv4 address uses the first 4, the rest stay 0

    /// The number of meaningful bytes: 4 or 16.
    size_t size() const { return version == 4 ? 4 : 16; }

    /// Canonical text as inet_ntop writes it: a dotted quad ("192.0.2.1"), or
    /// RFC 5952 for IPv6 (lower case, longest zero run compressed, a lone
    /// zero group not: "2001:db8::10", "::ffff:192.0.2.1"). The result is a
    /// new string owned by the caller; empty only for a version other than 4 or 6.
    std::string text() const {
        char buf[INET6_ADDRSTRLEN];
        if (version != 4 && version != 6) return {};
        if (!inet_ntop(version == 4 ? AF_INET : AF_INET6, bytes.data(), buf, sizeof buf)) return {};
        return std::string(buf);
    }

    /// Same version and the same meaningful bytes: 2001:DB8::0010 equals
    /// 2001:db8::10. Families never match each other, even when the IPv6
    /// address maps the IPv4 one (compare unmapped() values for that).
    bool operator==(const Address& other) const {
        return version == other.version && std::equal(bytes.begin(), bytes.begin() + size(), other.bytes.begin());
    }
    bool operator!=(const Address& other) const { return !(*this == other); }
};

/// Parses an IPv4 or IPv6 literal exactly as inet_pton does: a dotted quad
/// of four decimal numbers without leading zeros (no "127.1", no
/// "0x7f.0.0.1"), or any IPv6 text form. Refused (nullopt): empty text,
/// text over kMaxAddressLiteralBytes, an embedded NUL (inet_pton would stop
/// there and accept the prefix), a zone index ("fe80::1%eth0"), brackets,
/// a prefix length ("192.0.2.0/24"), surrounding spaces, a trailing dot.
/// `text` is only read during the call. Thread-safe.
inline std::optional<Address> parseAddress(std::string_view text) {
    if (text.empty() || text.size() > kMaxAddressLiteralBytes) return std::nullopt;
    if (text.find('\0') != std::string_view::npos) return std::nullopt;
    const std::string literal(text);  // inet_pton reads a NUL-terminated string
    Address address;
    if (inet_pton(AF_INET, literal.c_str(), address.bytes.data()) == 1) return address;
    address.bytes = {};
    address.version = 6;
    if (inet_pton(AF_INET6, literal.c_str(), address.bytes.data()) == 1) return address;
    return std::nullopt;
}

/// The message of a 400 `invalid_address` for a path parameter `ip` that
/// parseAddress refuses, in one wording for every endpoint taking one.
inline constexpr const char* kInvalidAddressParamMessage =
    "ip must be an IPv4 or IPv6 address such as 192.0.2.1 or 2001:db8::1, without brackets, zone index or prefix "
    "length";

/// True for an IPv4-mapped IPv6 address (::ffff:a.b.c.d, RFC 4291 2.5.5.2).
/// The deprecated IPv4-compatible form (::a.b.c.d) is not one. Thread-safe.
inline bool isIpv4Mapped(const Address& address) {
    static constexpr std::array<uint8_t, 12> kMappedPrefix = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return address.version == 6 && std::equal(kMappedPrefix.begin(), kMappedPrefix.end(), address.bytes.begin());
}

/// The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:192.0.2.1
/// gives 192.0.2.1); any other address unchanged. Returns a new value. Thread-safe.
inline Address unmapped(const Address& address) {
    if (!isIpv4Mapped(address)) return address;
    Address v4;
    std::copy(address.bytes.begin() + 12, address.bytes.end(), v4.bytes.begin());
    return v4;
}

/// The name the address's PTR records live under, without the trailing
/// dot: "1.2.0.192.in-addr.arpa" for 192.0.2.1 (RFC 1035 3.5); for IPv6
/// the 32 nibbles in reverse order, lower-case hex, then "ip6.arpa"
/// (RFC 3596 2.5). The address is taken as it is: an IPv4-mapped address
/// gets an ip6.arpa name, so unmap it first when its PTR records are the
/// IPv4 address's (they normally are). Returns a new string. Thread-safe.
inline std::string arpaName(const Address& address) {
    std::string name;
    if (address.version == 4) {
        for (int i = 3; i >= 0; --i) name += std::to_string(address.bytes[i]) + '.';
        return name + "in-addr.arpa";
    }
    static constexpr char kHex[] = "0123456789abcdef";
    name.reserve(32 * 2 + 8);
    for (int i = 15; i >= 0; --i) {
        name += kHex[address.bytes[i] & 0x0f];
        name += '.';
        name += kHex[address.bytes[i] >> 4];
        name += '.';
    }
    return name + "ip6.arpa";
}

/// The arpa name a PTR question about the literal `text` is asked under:
/// parseAddress, then unmapped (so ::ffff:192.0.2.1 gives
/// "1.2.0.192.in-addr.arpa", where its PTR records live), then arpaName.
/// nullopt when `text` is not an address literal. Thread-safe.
inline std::optional<std::string> arpaNameOf(std::string_view text) {
    std::optional<Address> address = parseAddress(text);
    if (!address) return std::nullopt;
    return arpaName(unmapped(*address));
}

}  // namespace ipfacts

#endif
