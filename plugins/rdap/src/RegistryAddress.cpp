#include "RegistryAddress.h"

#include "AsciiText.h"

#include <algorithm>
#include <string>
#include <vector>

namespace ipfacts::rdap {
namespace {

/// The decimal octets of a dotted IPv4 text, at most four of one to three
/// digits each; nullopt for anything else (an IPv6 literal among it).
std::optional<std::vector<int>> octetsOf(std::string_view text) {
    std::vector<int> octets;
    for (size_t at = 0; at <= text.size();) {
        const size_t dot = std::min(text.find('.', at), text.size());
        const std::string_view o = text.substr(at, dot - at);
        if (o.size() > 3 || !allDigits(o)) return std::nullopt;
        if (octets.size() == 4) return std::nullopt;
        octets.push_back(std::stoi(std::string(o)));
        at = dot + 1;
    }
    return octets;
}

/// `octets` padded with zeros to four, as an address (each octet up to 255).
std::optional<Address> dotted(std::vector<int> octets) {
    octets.resize(4, 0);
    return parseAddress(std::to_string(octets[0]) + "." + std::to_string(octets[1]) + "." + std::to_string(octets[2]) +
                        "." + std::to_string(octets[3]));
}

}  // namespace

std::optional<Address> registryAddress(std::string_view text) {
    if (text.empty() || text.find(':') != std::string_view::npos) return parseAddress(text);
    const auto octets = octetsOf(text);
    if (!octets || octets->size() != 4) return std::nullopt;
    return dotted(*octets);
}

std::optional<Address> registryBlockStart(std::string_view text) {
    if (text.empty() || text.find(':') != std::string_view::npos) return parseAddress(text);
    const auto octets = octetsOf(text);
    if (!octets) return std::nullopt;
    return dotted(*octets);
}

}  // namespace ipfacts::rdap
