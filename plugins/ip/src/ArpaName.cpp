#include "ArpaName.h"

#include "IpLiteral.h"

#include <algorithm>

namespace ipfacts::ip {
namespace {

bool isIpv4Mapped(const IpLiteral& a) {
    static constexpr uint8_t kPrefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return a.version == 6 && std::equal(std::begin(kPrefix), std::end(kPrefix), a.bytes.begin());
}

std::string inAddrArpa(const uint8_t* octets) {
    std::string name;
    for (int i = 3; i >= 0; --i) name += std::to_string(octets[i]) + '.';
    return name + "in-addr.arpa";
}

std::string ip6Arpa(const IpLiteral& a) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string name;
    name.reserve(32 * 2 + 8);
    for (int i = 15; i >= 0; --i) {
        name += kHex[a.bytes[i] & 0xf];
        name += '.';
        name += kHex[a.bytes[i] >> 4];
        name += '.';
    }
    return name + "ip6.arpa";
}

}  // namespace

std::optional<std::string> arpaName(std::string_view address) {
    std::optional<IpLiteral> a = parseIpLiteral(address);
    if (!a) return std::nullopt;
    if (a->version == 4) return inAddrArpa(a->bytes.data());
    if (isIpv4Mapped(*a)) return inAddrArpa(a->bytes.data() + 12);
    return ip6Arpa(*a);
}

}  // namespace ipfacts::ip
