#include "ArpaName.h"

namespace ipfacts::reverse {
namespace {

std::string inAddrArpa(const IpAddress& address) {
    std::string name;
    for (int i = 3; i >= 0; --i) name += std::to_string(address.bytes[i]) + '.';
    return name + "in-addr.arpa";
}

std::string ip6Arpa(const IpAddress& address) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string name;
    name.reserve(72);
    for (int i = 15; i >= 0; --i) {
        name += kHex[address.bytes[i] & 0x0f];
        name += '.';
        name += kHex[address.bytes[i] >> 4];
        name += '.';
    }
    return name + "ip6.arpa";
}

}  // namespace

std::string arpaName(const IpAddress& address) { return address.version == 4 ? inAddrArpa(address) : ip6Arpa(address); }

}  // namespace ipfacts::reverse
