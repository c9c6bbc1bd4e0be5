// IpLiteral: an IPv4 or IPv6 address literal as bytes. Parsing is strict
// (inet_pton): dotted quads only, no zone index, no brackets.
#ifndef IPFACTS_PLUGINS_IP_IPLITERAL_H
#define IPFACTS_PLUGINS_IP_IPLITERAL_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

struct IpLiteral {
    int version = 4;                    ///< 4 or 6
    std::array<uint8_t, 16> bytes{};    ///< network order; IPv4 uses the first 4
};

/// nullopt when `text` is not an address literal.
std::optional<IpLiteral> parseIpLiteral(std::string_view text);

/// 6 when `text` looks like IPv6 (has a colon), else 4. For addresses the
/// host hands out, which are always literals, this is all a version needs.
int ipVersionOf(std::string_view text);

}  // namespace ipfacts::ip

#endif
