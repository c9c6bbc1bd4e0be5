#include "IpLiteral.h"

#include <arpa/inet.h>

namespace ipfacts::ip {

std::optional<IpLiteral> parseIpLiteral(std::string_view text) {
    // inet_pton wants a C string; the longest literal (IPv4-mapped IPv6) is 45 bytes.
    constexpr size_t kLongest = 45;
    if (text.empty() || text.size() > kLongest) return std::nullopt;
    const std::string z(text);
    IpLiteral out;
    if (inet_pton(AF_INET, z.c_str(), out.bytes.data()) == 1) {
        out.version = 4;
        return out;
    }
    if (inet_pton(AF_INET6, z.c_str(), out.bytes.data()) == 1) {
        out.version = 6;
        return out;
    }
    return std::nullopt;
}

int ipVersionOf(std::string_view text) { return text.find(':') != std::string_view::npos ? 6 : 4; }

}  // namespace ipfacts::ip
