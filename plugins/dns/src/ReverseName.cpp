#include "ReverseName.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <array>
#include <cstdint>

namespace ipfacts::dns {
namespace {

// Longer text cannot be an address; stops a huge parameter being copied.
constexpr size_t kMaxLiteralBytes = INET6_ADDRSTRLEN;

std::string inAddrArpa(const uint8_t* octets) {
    std::string name;
    for (int i = 3; i >= 0; --i) name += std::to_string(octets[i]) + '.';
    return name + "in-addr.arpa";
}

std::string ip6Arpa(const uint8_t* bytes) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string name;
    for (int i = 15; i >= 0; --i) {
        name += kHex[bytes[i] & 0x0f];
        name += '.';
        name += kHex[bytes[i] >> 4];
        name += '.';
    }
    return name + "ip6.arpa";
}

}  // namespace

std::optional<std::string> reverseNameOf(std::string_view text) {
    if (text.empty() || text.size() >= kMaxLiteralBytes) return std::nullopt;
    // inet_pton would stop at a NUL and accept whatever came before it.
    if (text.find('\0') != std::string_view::npos) return std::nullopt;
    const std::string literal(text);  // inet_pton reads a NUL-terminated string
    std::array<uint8_t, 16> bytes{};
    if (inet_pton(AF_INET, literal.c_str(), bytes.data()) == 1) return inAddrArpa(bytes.data());
    if (inet_pton(AF_INET6, literal.c_str(), bytes.data()) != 1) return std::nullopt;
    in6_addr v6{};
    std::copy(bytes.begin(), bytes.end(), v6.s6_addr);
    if (IN6_IS_ADDR_V4MAPPED(&v6)) return inAddrArpa(bytes.data() + 12);
    return ip6Arpa(bytes.data());
}

}  // namespace ipfacts::dns
