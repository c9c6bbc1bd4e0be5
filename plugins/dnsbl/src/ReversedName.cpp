#include "ReversedName.h"

namespace ipfacts::dnsbl {

std::string reversedLabels(const Address& address) {
    // The SDK's arpa name has the same labels, then the reverse tree's suffix.
    std::string name = arpaName(address);
    const std::string_view suffix = address.version == 4 ? ".in-addr.arpa" : ".ip6.arpa";
    name.resize(name.size() - suffix.size());
    return name;
}

std::string reversedName(const Address& address, std::string_view zone) {
    return reversedLabels(address) + "." + std::string(zone);
}

}  // namespace ipfacts::dnsbl
