#include "IpAddress.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>

namespace ipfacts::reverse {
namespace {

// Longer text cannot be an address; stops a huge parameter being copied.
constexpr size_t kMaxLiteralBytes = INET6_ADDRSTRLEN;

constexpr std::array<uint8_t, 12> kMappedPrefix = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

}  // namespace

std::string IpAddress::text() const {
    char buf[INET6_ADDRSTRLEN];
    if (!inet_ntop(version == 4 ? AF_INET : AF_INET6, bytes.data(), buf, sizeof buf)) return {};
    return buf;
}

bool IpAddress::operator==(const IpAddress& other) const {
    return version == other.version && std::equal(bytes.begin(), bytes.begin() + size(), other.bytes.begin());
}

std::optional<IpAddress> parseIpAddress(std::string_view text) {
    if (text.empty() || text.size() >= kMaxLiteralBytes) return std::nullopt;
    // inet_pton would stop at a NUL and accept whatever came before it.
    if (text.find('\0') != std::string_view::npos) return std::nullopt;
    const std::string literal(text);  // inet_pton reads a NUL-terminated string
    IpAddress address;
    if (inet_pton(AF_INET, literal.c_str(), address.bytes.data()) == 1) return address;
    address.version = 6;
    if (inet_pton(AF_INET6, literal.c_str(), address.bytes.data()) == 1) return address;
    return std::nullopt;
}

IpAddress unmapped(const IpAddress& address) {
    if (address.version != 6 || !std::equal(kMappedPrefix.begin(), kMappedPrefix.end(), address.bytes.begin()))
        return address;
    IpAddress v4;
    std::copy(address.bytes.begin() + 12, address.bytes.end(), v4.bytes.begin());
    return v4;
}

}  // namespace ipfacts::reverse
